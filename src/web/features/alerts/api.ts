import { api } from '../../../api/client.ts';
import type { paths } from '../../../api/schema.d.ts';
import { dataOf as must } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';
import type { Period } from './list/address-filters.ts';
import type {
  Alert,
  AlertActivity,
  AlertChanges,
  AlertFilter,
  AlertSummary,
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

/** Loads every matching alert, newest first, page after page until done or LOAD_LIMIT rows. */
export async function loadAlerts(
  query: LoadQuery,
  signal: AbortSignal,
  onPage: (rows: AlertSummary[], progress: LoadProgress) => void,
): Promise<void> {
  let searchAfter: string | undefined;
  let loaded = 0;
  let expected: number | null = null;
  let asOf: string | null = null;
  do {
    const batch = Math.min(loaded === 0 ? FIRST_BATCH : LOAD_BATCH, LOAD_LIMIT - loaded);
    const data = must(
      await api.GET('/api/alerts/v1/alerts/', {
        params: {
          query: {
            customer_ids: query.customerIds.length ? [...query.customerIds] : undefined,
            days: query.days === -1 ? undefined : query.days,
            title: query.title ?? undefined,
            from: query.period?.from,
            to: query.period?.to,
            sort: '@timestamp',
            order: 'desc',
            batch_size: batch,
            search_after: searchAfter,
          },
        },
        signal,
      }),
    );
    loaded += data.alerts.length;
    if (loaded === data.alerts.length && data.total_exact) expected = Math.min(data.total, LOAD_LIMIT);
    asOf ??= data.as_of ?? null;
    searchAfter = data.search_after ?? undefined;
    const truncated = searchAfter !== undefined && loaded >= LOAD_LIMIT;
    onPage(data.alerts, { loaded, expected, truncated, asOf });
  } while (searchAfter && loaded < LOAD_LIMIT);
}

/**
 * Alerts created or changed since `since` (spec 2, section 4: the periodic refresh fetches what
 * is new since the last update), newest change first: pages by updated_at until an older row.
 * `asOf` is the moment the first page was read: with the changes merged, the list is as of then.
 */
export async function loadChangedSince(
  query: LoadQuery,
  since: string,
  signal: AbortSignal,
): Promise<{ changed: AlertSummary[]; asOf: string | null }> {
  const changed: AlertSummary[] = [];
  let asOf: string | null = null;
  let searchAfter: string | undefined;
  for (let page = 0; page < 10; page++) {
    const data = must(
      await api.GET('/api/alerts/v1/alerts/', {
        params: {
          query: {
            customer_ids: query.customerIds.length ? [...query.customerIds] : undefined,
            days: query.days === -1 ? undefined : query.days,
            title: query.title ?? undefined,
            from: query.period?.from,
            to: query.period?.to,
            sort: 'updated_at',
            order: 'desc',
            batch_size: 1000,
            search_after: searchAfter,
          },
        },
        signal,
      }),
    );
    asOf ??= data.as_of ?? null;
    for (const alert of data.alerts) {
      if (alert.updated_at < since) return { changed, asOf };
      changed.push(alert);
    }
    if (!data.search_after) break;
    searchAfter = data.search_after;
  }
  return { changed, asOf };
}

export interface BulkAnswer {
  updated: { id: number; version: number }[];
  failed: { id: number; code: string; message: string }[];
}

export async function bulkUpdate(body: {
  ids?: number[];
  versions?: Record<string, number>;
  filter?: AlertFilter;
  fields?: AlertChanges;
  comment?: string;
  comment_private?: boolean;
}): Promise<BulkAnswer> {
  return must(await api.PUT('/api/alerts/v1/alerts/', { body }));
}

export async function getAlert(id: number, signal?: AbortSignal): Promise<Alert> {
  return must(await api.GET('/api/alerts/v1/alerts/{id}', { params: { path: { id } }, signal }));
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

export async function rerunAlertWorkflows(id: number) {
  return must(await api.POST('/api/alerts/v1/alerts/{id}/workflows/rerun', { params: { path: { id } } }));
}
