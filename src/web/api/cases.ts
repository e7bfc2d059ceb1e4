import { api } from '../../api/client.ts';
import type { components } from '../../api/schema.d.ts';
import { dataOf } from './errors.ts';

/**
 * The cases reads and writes other areas use too (an alert's "add to case" and "new case"): the
 * cases area re-exports them from its api.ts.
 */

export type CaseSummary = components['schemas']['CaseSummary'];
export type CaseRecord = components['schemas']['Case'];
export type CaseCreate = components['schemas']['CaseCreate'];
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

/** POST /api/cases/v1/cases/: the new case (403 without the right to change cases). */
export async function createCase(body: CaseCreate): Promise<CaseRecord> {
  return dataOf(await api.POST('/api/cases/v1/cases/', { body }));
}

/** Moves alerts of the case's customer into the case; 404 names an alert that is not one of them. */
export async function assignCaseAlerts(id: number, alertIds: number[]): Promise<CaseRecord> {
  const result = await api.POST('/api/cases/v1/cases/{id}/alerts', {
    params: { path: { id } },
    body: { alert_ids: alertIds },
  });
  return dataOf(result);
}
