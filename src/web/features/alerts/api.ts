import { api } from '../../../api/client.ts';
import type { paths } from '../../../api/schema.d.ts';
import { dataOf as must } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';
import type { Period } from './list/address-filters.ts';

export { getAlert } from '../../api/alerts.ts';

import type {
  Alert,
  AlertActivity,
  AlertChanges,
  AlertFilter,
  DateRange,
  Detection,
  Discussion,
} from './types.ts';

/** Spec 2, section 7: the list pages with search_after; 10 000 is the contract's largest page. */
export const LOAD_BATCH = 10_000;
/** The first page is small, so the list paints at once while the rest arrives. */
export const FIRST_BATCH = 1000;
/** The most rows the list holds in the browser. */
export const LOAD_LIMIT = 100_000;

export interface LoadQuery {
  customerIds: readonly string[];
  days: DateRange;
  title: string | null;
  /** Created within this period (a dashboard bar's), besides `days`. */
  period?: Period | null;
}

export interface LoadProgress {
  loaded: number;
  /** What the load will reach, when the server counted every match (it counts up to 10 000). */
  expected: number | null;
  /** More alerts match than the list holds: it shows the newest LOAD_LIMIT. */
  truncated: boolean;
  /** The moment the first page was read (the server's clock): the list shows alerts as of then. */
  asOf: string | null;
}

/** One page of listAlerts: its order, its size and the cursor of the page before it. */
export interface AlertsPageRequest {
  sort: '@timestamp' | 'updated_at';
  batchSize: number;
  searchAfter?: string;
}

/**
 * GET /api/alerts/v1/alerts/ (listAlerts): one page of the alerts matching the query, newest
 * first by `sort`, with the cursor of the next page (null after the last).
 */
export async function listAlerts(query: LoadQuery, page: AlertsPageRequest, signal?: AbortSignal) {
  return must(
    await api.GET('/api/alerts/v1/alerts/', {
      params: {
        query: {
          customer_ids: query.customerIds.length ? [...query.customerIds] : undefined,
          days: query.days === -1 ? undefined : query.days,
          title: query.title ?? undefined,
          from: query.period?.from,
          to: query.period?.to,
          sort: page.sort,
          order: 'desc',
          batch_size: page.batchSize,
          search_after: page.searchAfter,
        },
      },
      signal,
    }),
  );
}

export interface BulkAnswer {
  updated: { id: number; version: number }[];
  failed: { id: number; code: string; message: string }[];
}

/** PUT /api/alerts/v1/alerts/ (bulkUpdateAlerts): the changes to many alerts, each updated or failed. */
export async function bulkUpdateAlerts(body: {
  ids?: number[];
  versions?: Record<string, number>;
  filter?: AlertFilter;
  fields?: AlertChanges;
  comment?: string;
  comment_private?: boolean;
}): Promise<BulkAnswer> {
  return must(await api.PUT('/api/alerts/v1/alerts/', { body }));
}

export async function updateAlert(
  id: number,
  body: AlertChanges & { version: number; comment?: string; comment_private?: boolean },
): Promise<Alert> {
  return must(await api.PUT('/api/alerts/v1/alerts/{id}', { params: { path: { id } }, body }));
}

/** listAlertDetections: a page of them (components/use-paged.ts). */
export const listAlertDetections = (id: number) => (offset: number, batchSize: number) =>
  $api.queryOptions(
    'get',
    '/api/alerts/v1/alerts/{id}/detections',
    { params: { path: { id }, query: { offset, batch_size: batchSize } } },
    { select: (data): Detection[] => data.detections },
  );

/** listAlertDiscussions: a page of them (components/use-paged.ts). */
export const listAlertDiscussions = (id: number) => (offset: number, batchSize: number) =>
  $api.queryOptions(
    'get',
    '/api/alerts/v1/alerts/{id}/discussions',
    { params: { path: { id }, query: { offset, batch_size: batchSize } } },
    { select: (data): Discussion[] => data.discussions },
  );

export async function postAlertDiscussion(id: number, body: string, isPrivate: boolean): Promise<Discussion> {
  return must(
    await api.POST('/api/alerts/v1/alerts/{id}/discussions', {
      params: { path: { id } },
      body: { body, private: isPrivate },
    }),
  );
}

export async function updateAlertDiscussion(id: number, commentId: number, body: string, isPrivate: boolean) {
  return must(
    await api.PUT('/api/alerts/v1/alerts/{id}/discussions/{comment_id}', {
      params: { path: { id, comment_id: commentId } },
      body: { body, private: isPrivate },
    }),
  );
}

export async function deleteAlertDiscussion(id: number, commentId: number): Promise<void> {
  await api.DELETE('/api/alerts/v1/alerts/{id}/discussions/{comment_id}', {
    params: { path: { id, comment_id: commentId } },
  });
}

/** listAlertActivity: a page of them (components/use-paged.ts). */
export const listAlertActivity = (id: number) => (offset: number, batchSize: number) =>
  $api.queryOptions(
    'get',
    '/api/alerts/v1/alerts/{id}/activity',
    { params: { path: { id }, query: { offset, batch_size: batchSize } } },
    { select: (data): AlertActivity[] => data.activity },
  );

export async function mergeAlerts(targetId: number, sourceIds: number[], comment?: string): Promise<Alert> {
  return must(
    await api.POST('/api/alerts/v1/alerts/merge', {
      body: { target_id: targetId, source_ids: sourceIds, comment: comment || undefined },
    }),
  );
}

export type AlertAction =
  paths['/api/alerts/v0/alerts/{id}/action/{action}']['post']['parameters']['path']['action'];

export async function runAlertAction(
  id: number,
  action: AlertAction,
  body: { path?: string; force?: boolean; length?: number; user?: string },
) {
  return must(
    await api.POST('/api/alerts/v0/alerts/{id}/action/{action}', { params: { path: { id, action } }, body }),
  );
}
