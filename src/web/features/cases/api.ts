import type { CaseChanges } from '../../../../machines/case-editor/draft.ts';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type CaseSummary = components['schemas']['CaseSummary'];
export type CaseRecord = components['schemas']['Case'];
export type CaseCreate = components['schemas']['CaseCreate'];
export type Discussion = components['schemas']['Discussion'];
type Status = components['schemas']['Status'];

/** The list's filters as the API takes them; empty ones are left out of the request. */
export interface CaseFilter {
  query: string;
  tags: string[];
  assignedUsers: string[];
  riskMin: number | null;
  riskMax: number | null;
  statuses: Status[];
  customerIds: string[];
}

export type CaseSortKey = components['schemas']['CaseSortKey'];

/** Which numbered page of which order: the sort is null for the default (newest change first). */
export interface CasePageRequest {
  sort: { column: CaseSortKey; direction: 'asc' | 'desc' } | null;
  offset: number;
  batchSize: number;
}

export interface CasePage {
  cases: CaseSummary[];
  /** Cases matching the filter, on every page. */
  total: number;
}

const some = <T>(list: readonly T[]) => (list.length > 0 ? [...list] : undefined);

/**
 * GET /api/cases/v1/cases/ (listCases): one numbered page of the cases matching the filter (any
 * filter left out matches all), in the given order (none: most recently updated first).
 */
export async function listCases(
  filter: Partial<CaseFilter>,
  request: Partial<CasePageRequest> & Pick<CasePageRequest, 'batchSize'>,
  signal?: AbortSignal,
): Promise<CasePage> {
  const result = await api.GET('/api/cases/v1/cases/', {
    params: {
      query: {
        batch_size: request.batchSize,
        offset: request.offset || undefined,
        sort: request.sort?.column,
        order: request.sort?.direction,
        query: filter.query || undefined,
        tags: some(filter.tags ?? []),
        assigned_users: some(filter.assignedUsers ?? []),
        risk_min: filter.riskMin ?? undefined,
        risk_max: filter.riskMax ?? undefined,
        statuses: some(filter.statuses ?? []),
        customer_ids: some(filter.customerIds ?? []),
      },
    },
    signal,
  });
  const data = dataOf(result);
  return { cases: data.cases, total: data.total };
}

/** Tags in use on the caller's cases, most used first (for the tag suggestions). */
export async function aggregateCases(customerIds: readonly string[]): Promise<string[]> {
  const result = await api.GET('/api/cases/v1/cases/aggregate/{a}/{b}', {
    params: { path: { a: 'tags', b: 'tags' }, query: { customer_ids: some(customerIds) } },
  });
  const { buckets } = dataOf(result);
  return [...new Set(buckets.flatMap((b) => (b.a === null ? [] : [b.a])))];
}

/** One case with its 10 most recent alerts; 404 when it does not exist or is another customer's. */
export async function getCase(id: number): Promise<CaseRecord> {
  return dataOf(await api.GET('/api/cases/v1/cases/{id}', { params: { path: { id } } }));
}

/** POST /api/cases/v1/cases/: the new case (403 without the right to change cases). */
export async function createCase(body: CaseCreate): Promise<CaseRecord> {
  return dataOf(await api.POST('/api/cases/v1/cases/', { body }));
}

/** PUT with the version read: 409 when someone else changed the case meanwhile. */
export async function updateCase(id: number, version: number, changes: CaseChanges): Promise<CaseRecord> {
  const body = { version, ...changes };
  return dataOf(await api.PUT('/api/cases/v1/cases/{id}', { params: { path: { id } }, body }));
}

/** Moves alerts of the case's customer into the case; 404 names an alert that is not one of them. */
export async function assignCaseAlerts(id: number, alertIds: number[]): Promise<CaseRecord> {
  const result = await api.POST('/api/cases/v1/cases/{id}/alerts', {
    params: { path: { id } },
    body: { alert_ids: alertIds },
  });
  return dataOf(result);
}

/** Takes an alert out of the case; the answer is the case after the change. */
export async function unassignCaseAlert(id: number, alertId: number): Promise<CaseRecord> {
  const result = await api.DELETE('/api/cases/v1/cases/{id}/alerts/{alert_id}', {
    params: { path: { id, alert_id: alertId } },
  });
  return dataOf(result);
}

/** A page of the case's comments, oldest first (customer users never receive private ones). */
/** listCaseDiscussions: a page of them (components/use-paged.ts). */
export const listCaseDiscussions = (id: number) => (offset: number, batchSize: number) =>
  $api.queryOptions(
    'get',
    '/api/cases/v1/cases/{id}/discussions',
    { params: { path: { id }, query: { offset, batch_size: batchSize } } },
    { select: (data): Discussion[] => data.discussions },
  );

/** Adds a comment; only provider staff may make it private. */
export async function postCaseDiscussion(id: number, body: string, isPrivate: boolean): Promise<Discussion> {
  const result = await api.POST('/api/cases/v1/cases/{id}/discussions', {
    params: { path: { id } },
    body: { body, private: isPrivate },
  });
  return dataOf(result);
}

/** Edits one's own comment (403 for someone else's, 404 when it is gone). */
export async function updateCaseDiscussion(
  id: number,
  commentId: number,
  body: string,
  isPrivate: boolean,
): Promise<Discussion> {
  const result = await api.PUT('/api/cases/v1/cases/{id}/discussions/{comment_id}', {
    params: { path: { id, comment_id: commentId } },
    body: { body, private: isPrivate },
  });
  return dataOf(result);
}

/** Deletes one's own comment. */
export async function deleteCaseDiscussion(id: number, commentId: number): Promise<void> {
  await api.DELETE('/api/cases/v1/cases/{id}/discussions/{comment_id}', {
    params: { path: { id, comment_id: commentId } },
  });
}

export type CaseActivityEntry = components['schemas']['CaseActivity'];

/** The case's activity, newest first: changes, comments and agent actions as they stand now. */
export async function listCaseActivity(id: number): Promise<CaseActivityEntry[]> {
  const result = await api.GET('/api/cases/v1/cases/{id}/activity', { params: { path: { id } } });
  return dataOf(result).activity;
}
