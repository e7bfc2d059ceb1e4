import type { CaseChanges } from '../../../../machines/case-editor/draft.ts';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import type { CaseRecord } from '../../api/cases.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export {
  assignCaseAlerts,
  type CaseCreate,
  type CaseFilter,
  type CasePage,
  type CasePageRequest,
  type CaseRecord,
  type CaseSortKey,
  type CaseSummary,
  createCase,
  listCases,
} from '../../api/cases.ts';

export type Discussion = components['schemas']['Discussion'];
const some = <T>(list: readonly T[]) => (list.length > 0 ? [...list] : undefined);

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

/** PUT with the version read: 409 when someone else changed the case meanwhile. */
export async function updateCase(id: number, version: number, changes: CaseChanges): Promise<CaseRecord> {
  const body = { version, ...changes };
  return dataOf(await api.PUT('/api/cases/v1/cases/{id}', { params: { path: { id } }, body }));
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
