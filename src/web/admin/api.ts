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
export type SupportCustomer = components['schemas']['SupportCustomer'];
export type SupportPartner = components['schemas']['SupportPartner'];
export type MdrSupport = components['schemas']['MdrSupport'];

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A keyset page: its size (the list's page size) and the cursor it starts after. */
export interface PageAt {
  size: number;
  after?: string | undefined;
}

const pageQuery = ({ size, after }: PageAt) => ({ batch_size: size, ...(after && { search_after: after }) });

/**
 * The log, the mail and the jobs change with whatever anyone does elsewhere, so a tab opened
 * again reads them again rather than showing the answer of a minute ago.
 */
const ALWAYS_STALE = { staleTime: 0 } as const;

/** listAuditLog: one page of the audit log, newest first (the API does not sort otherwise). */
export const listAuditLog = (filters: AuditFilters, at: PageAt) =>
  $api.queryOptions(
    'get',
    '/api/admin/v1/audit',
    { params: { query: { ...filters, ...pageQuery(at) } } },
    {
      ...ALWAYS_STALE,
      select: (page): Page<AuditEntry> => ({ items: page.entries, next: page.search_after }),
    },
  );

/** The server writes the CSV (the shared writer, formulas neutralised); this fetches the text. */
export async function exportAuditLog(filters: AuditFilters): Promise<string> {
  const { search_after: _, batch_size: __, ...query } = filters;
  return dataOf(await api.GET('/api/admin/v1/audit/export', { params: { query }, parseAs: 'text' }));
}

/** listAuditKinds: the kinds of audited actions, for the filter. */
export const listAuditKinds = () =>
  $api.queryOptions('get', '/api/admin/v1/audit/kinds', {}, { select: (data): string[] => data.kinds });

/** listOutbox: one page of the mail, newest first. */
export const listOutbox = (status: OutboxStatus | '', at: PageAt) =>
  $api.queryOptions(
    'get',
    '/api/admin/v1/outbox',
    { params: { query: { ...(status && { status }), ...pageQuery(at) } } },
    {
      ...ALWAYS_STALE,
      select: (page): Page<OutboxMessage> => ({ items: page.messages, next: page.search_after }),
    },
  );

/** listJobs: one page of the background jobs, newest first. */
export const listJobs = (state: JobState | '', at: PageAt) =>
  $api.queryOptions(
    'get',
    '/api/admin/v1/jobs',
    { params: { query: { ...(state && { state }), ...pageQuery(at) } } },
    { ...ALWAYS_STALE, select: (page): Page<Job> => ({ items: page.jobs, next: page.search_after }) },
  );

/** Everything the administration lists read, to mark stale after a change. */
export const ADMIN_AREA = '/api/admin/';

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

export type DatabaseStatus = operations['getDatabaseStatus']['responses'][200]['content']['application/json'];

/** getDatabaseStatus: the database and its replica's lag, read again every few seconds while shown. */
export const getDatabaseStatus = () =>
  $api.queryOptions('get', '/api/admin/v1/database', {}, { ...ALWAYS_STALE, refetchInterval: 5000 });
