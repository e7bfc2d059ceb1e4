import { api } from '../../api/client.ts';
import type { components, operations } from '../../api/schema.d.ts';
import { dataOf } from '../api/errors.ts';
import { $api } from '../api/query.ts';

/** Every call of the administration page, through the one client. */

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditFilters = NonNullable<operations['listAuditLog']['parameters']['query']>;
export type OutboxMessage = components['schemas']['OutboxMessage'];
export type OutboxStatus = OutboxMessage['status'];
export type Job = components['schemas']['Job'];
export type JobState = components['schemas']['JobState'];
export type PlatformUpdate = components['schemas']['PlatformUpdate'];
export type UpdateCategory = components['schemas']['UpdateCategory'];
export type SupportCustomer = components['schemas']['SupportCustomer'];
export type SupportPartner = components['schemas']['SupportPartner'];
export type MdrSupport = components['schemas']['MdrSupport'];

export interface Page<T> {
  items: T[];
  next: string | null;
}

export async function listAuditLog(filters: AuditFilters, searchAfter?: string): Promise<Page<AuditEntry>> {
  const page = dataOf(
    await api.GET('/api/admin/v1/audit', {
      params: { query: { ...filters, batch_size: 100, ...(searchAfter && { search_after: searchAfter }) } },
    }),
  );
  return { items: page.entries, next: page.search_after };
}

/** The server writes the CSV (the shared writer, formulas neutralised); this fetches the text. */
export async function exportAuditLog(filters: AuditFilters): Promise<string> {
  const { search_after: _, batch_size: __, ...query } = filters;
  return dataOf(await api.GET('/api/admin/v1/audit/export', { params: { query }, parseAs: 'text' }));
}

export async function listAuditKinds(): Promise<string[]> {
  return dataOf(await api.GET('/api/admin/v1/audit/kinds')).kinds;
}

export async function listOutbox(
  status: OutboxStatus | '',
  searchAfter?: string,
): Promise<Page<OutboxMessage>> {
  const page = dataOf(
    await api.GET('/api/admin/v1/outbox', {
      params: { query: { ...(status && { status }), ...(searchAfter && { search_after: searchAfter }) } },
    }),
  );
  return { items: page.messages, next: page.search_after };
}

export async function listJobs(state: JobState | '', searchAfter?: string): Promise<Page<Job>> {
  const page = dataOf(
    await api.GET('/api/admin/v1/jobs', {
      params: { query: { ...(state && { state }), ...(searchAfter && { search_after: searchAfter }) } },
    }),
  );
  return { items: page.jobs, next: page.search_after };
}

export async function retryJob(id: number): Promise<Job> {
  return dataOf(await api.POST('/api/admin/v1/jobs/{id}/retry', { params: { path: { id } } }));
}

export async function getJob(id: number): Promise<Job> {
  return dataOf(await api.GET('/api/admin/v1/jobs/{id}', { params: { path: { id } } }));
}

/** Queues a rebuild of the dashboard's figures for one customer, or all (`customerId` empty). */
export async function rebuildDashboardRollups(customerId: string): Promise<Job> {
  return dataOf(
    await api.POST('/api/admin/v1/jobs/rebuild-dashboard-rollups', {
      body: customerId ? { customer_id: customerId } : {},
    }),
  );
}

export async function listAllUpdates(): Promise<PlatformUpdate[]> {
  return dataOf(
    await api.GET('/api/updates/v1/updates/', {
      params: { query: { include_drafts: true, batch_size: 100 } },
    }),
  ).updates;
}

export interface UpdateDraft {
  category: UpdateCategory;
  title: string;
  body: string;
}

/** A new update starts as a draft: administrators publish it when it reads right. */
export async function createUpdate(draft: UpdateDraft): Promise<PlatformUpdate> {
  return dataOf(await api.POST('/api/updates/v1/updates/', { body: { ...draft, published: false } }));
}

export async function changeUpdate(
  id: number,
  change: Partial<UpdateDraft> & { published?: boolean },
): Promise<PlatformUpdate> {
  return dataOf(await api.PATCH('/api/updates/v1/updates/{id}', { params: { path: { id } }, body: change }));
}

export async function deleteUpdate(id: number): Promise<void> {
  // A failed answer throws in the client's error middleware; 204 has no body to unwrap.
  await api.DELETE('/api/updates/v1/updates/{id}', { params: { path: { id } } });
}

/** listSupportCustomers: customers whose name matches the query. */
export const listSupportCustomers = (query: string) =>
  $api.queryOptions(
    'get',
    '/api/support/v1/customer/',
    { params: { query: { query } } },
    { select: (data): SupportCustomer[] => data.customers },
  );

/** listSupportPartners: the partner, when its name matches the query. */
export const listSupportPartners = (query: string) =>
  $api.queryOptions(
    'get',
    '/api/support/v1/partner/',
    { params: { query: { query } } },
    { select: (data): SupportPartner[] => data.partners },
  );

/** getMdrSupport: one customer's MDR support record. */
export const getMdrSupport = (customerId: string) =>
  $api.queryOptions('get', '/api/support/v1/mdr_support', { params: { query: { customer_id: customerId } } });
