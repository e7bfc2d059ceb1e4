import type { SearchJobView, SearchRequest } from '../../../../machines/search-job/search-job.context.ts';
import { api } from '../../../api/client.ts';
import type { components, paths } from '../../../api/schema.d.ts';
import { ApiError, dataOf } from '../../api/errors.ts';
import { $api, askedAgainWith } from '../../api/query.ts';

export type LogEvent = components['schemas']['LogEvent'];
export type LogSource = components['schemas']['LogSource'];

import type { SavedSearch } from '../../api/saved-searches.ts';

export { listSavedSearches, type SavedSearch } from '../../api/saved-searches.ts';
export type SavedSearchInput = components['schemas']['SavedSearchInput'];
export type SearchFilter = components['schemas']['SearchFilter'];
export type SearchPage =
  paths['/api/search/v1/search/{id}']['get']['responses']['200']['content']['application/json'];
export type HitsOverTime =
  paths['/api/search/v1/graphs/{id}/hits']['get']['responses']['200']['content']['application/json'];
export type TopValues =
  paths['/api/search/v1/meta/{id}/top/{field}']['get']['responses']['200']['content']['application/json'];
export type HistoryEntry =
  paths['/api/search/v1/history/']['get']['responses']['200']['content']['application/json']['history'][number];

/** The first page the screen shows of a search; further pages come with `search_after`. */
export const FIRST_PAGE = 200;

/** POST /search/: answers the new search's id at once; the server cancels the caller's older one. */
export async function startSearch(request: SearchRequest, signal?: AbortSignal) {
  const body =
    request as paths['/api/search/v1/search/']['post']['requestBody']['content']['application/json'];
  return dataOf(await api.POST('/api/search/v1/search/', { body, signal }));
}

/** Spec 8: a 404 on searches and graphs is empty (null), not a failure: the search is gone. */
async function nullWhenGone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /search/{id}: runs the search again; null when the server no longer has it. */
export async function rerunSearch(id: string, signal?: AbortSignal) {
  return nullWhenGone(
    (async () =>
      dataOf(await api.POST('/api/search/v1/search/{id}', { params: { path: { id } }, signal })))(),
  );
}

/** GET /search/{id}: status, progress, total and a page of the events counted so far. */
export async function getSearch(
  id: string,
  after?: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const query = { size: FIRST_PAGE, ...(after ? { search_after: after } : {}) };
  return dataOf(await api.GET('/api/search/v1/search/{id}', { params: { path: { id }, query }, signal }));
}

/** GET /search/{id} for the machine: null when the server no longer has the search (404). */
export async function findSearch(id: string, signal?: AbortSignal): Promise<SearchPage | null> {
  return nullWhenGone(getSearch(id, null, signal));
}

/** The machine's view of a page. */
export const jobView = (page: SearchPage | null): SearchJobView | null => page;

/**
 * getSearchHits: hits over time. `progress` joins the key: the server counts the part scanned so
 * far, so the chart asks again as the search moves on.
 */
export const getSearchHits = (id: string, progress: string) =>
  askedAgainWith(
    $api.queryOptions('get', '/api/search/v1/graphs/{id}/hits', { params: { path: { id } } }),
    progress,
  );

export type SearchMap =
  paths['/api/search/v1/graphs/{id}/map']['get']['responses']['200']['content']['application/json'];

/** getSearchMap: the source addresses of the search's events for the map (see getSearchHits). */
export const getSearchMap = (id: string, progress: string) =>
  askedAgainWith(
    $api.queryOptions('get', '/api/search/v1/graphs/{id}/map', { params: { path: { id } } }),
    progress,
  );

/** getSearchTopValues: a field's exact top values with "n of N". */
export const getSearchTopValues = (id: string, field: string) =>
  $api.queryOptions('get', '/api/search/v1/meta/{id}/top/{field}', {
    params: { path: { id, field }, query: { count: 10 } },
  });

/** listLogSources: the sources a search may be narrowed to. */
export const listLogSources = () =>
  $api.queryOptions('get', '/api/search/v1/sources/', {}, { select: (data): LogSource[] => data.sources });

export async function createSavedSearch(input: SavedSearchInput): Promise<SavedSearch> {
  return dataOf(await api.POST('/api/search/v1/saved/', { body: input }));
}

/** PUT /saved/{id}: changes a saved search (its owner only). */
export async function updateSavedSearch(id: string, input: SavedSearchInput): Promise<SavedSearch> {
  return dataOf(await api.PUT('/api/search/v1/saved/{id}', { params: { path: { id } }, body: input }));
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await api.DELETE('/api/search/v1/saved/{id}', { params: { path: { id } } });
}

/** listSearchHistory: the caller's last 50 searches. */
export const listSearchHistory = () =>
  $api.queryOptions(
    'get',
    '/api/search/v1/history/',
    { params: { query: { size: 50 } } },
    { select: (data): HistoryEntry[] => data.history },
  );

export async function deleteSearchHistoryEntry(id: string): Promise<void> {
  await api.DELETE('/api/search/v1/history/{id}', { params: { path: { id } } });
}

export type LogAlertSettings = components['schemas']['LogAlertSettings'];
export type LogAlertRule = components['schemas']['LogAlertRule'];
export type Backtest =
  paths['/api/search/v1/alerting/backtest']['post']['responses']['200']['content']['application/json'];

/** listLogAlertRules: the caller's alert rules on saved searches. */
export const listLogAlertRules = () =>
  $api.queryOptions('get', '/api/search/v1/alerting/', {}, { select: (data): LogAlertRule[] => data.rules });

/** Where this area's answers live: invalidate it after a change. */
export const SEARCH_AREA = '/api/search/v1/';

/** When the settings would have fired over the last 7 days; nothing is saved. */
export async function backtestLogAlertRule(settings: LogAlertSettings): Promise<Backtest> {
  return dataOf(await api.POST('/api/search/v1/alerting/backtest', { body: settings }));
}

/** Sets the saved search's alert settings (one rule per saved search; saving again replaces it). */
export async function saveLogAlertRule(settings: LogAlertSettings): Promise<LogAlertRule> {
  return dataOf(await api.POST('/api/search/v1/alerting/', { body: settings }));
}

/** DELETE /alerting/{id}: stops alerting on the saved search (the rule goes). */
export async function deleteLogAlertRule(id: string): Promise<void> {
  // A 204 has no body; a failure throws from the client's error middleware.
  await api.DELETE('/api/search/v1/alerting/{id}', { params: { path: { id } } });
}

export type ExportBody =
  paths['/api/search/v1/export/{id}']['post']['requestBody']['content']['application/json'];
export type LogExport = components['schemas']['LogExport'];

/**
 * POST /export/{id}. A small export without addresses comes back as the file (streamed by the
 * server); a large or mailed one is queued and answered with its record (202).
 */
export async function exportSearch(
  id: string,
  body: ExportBody,
): Promise<{ file: Blob; queued?: undefined } | { queued: LogExport; file?: undefined }> {
  const result = await api.POST('/api/search/v1/export/{id}', {
    params: { path: { id } },
    body,
    parseAs: 'blob',
  });
  const blob = dataOf(result) as unknown as Blob;
  if (result.response.status === 202) return { queued: JSON.parse(await blob.text()) as LogExport };
  return { file: blob };
}
