import {
  FIRST_BATCH,
  LOAD_BATCH,
  LOAD_LIMIT,
  type LoadProgress,
  type LoadQuery,
  listAlerts,
} from '../api.ts';
import type { AlertSummary } from '../types.ts';

/** Reads every matching alert, newest first, page after page until done or LOAD_LIMIT rows. */
export async function readAllAlerts(
  query: LoadQuery,
  signal: AbortSignal,
  onPage: (rows: AlertSummary[], progress: LoadProgress) => void,
): Promise<void> {
  let searchAfter: string | undefined;
  let loaded = 0;
  let expected: number | null = null;
  let asOf: string | null = null;
  do {
    const batchSize = Math.min(loaded === 0 ? FIRST_BATCH : LOAD_BATCH, LOAD_LIMIT - loaded);
    const data = await listAlerts(query, { sort: '@timestamp', batchSize, searchAfter }, signal);
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
export async function readChangedSince(
  query: LoadQuery,
  since: string,
  signal: AbortSignal,
): Promise<{ changed: AlertSummary[]; asOf: string | null }> {
  const changed: AlertSummary[] = [];
  let asOf: string | null = null;
  let searchAfter: string | undefined;
  for (let page = 0; page < 10; page++) {
    const data = await listAlerts(query, { sort: 'updated_at', batchSize: 1000, searchAfter }, signal);
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
