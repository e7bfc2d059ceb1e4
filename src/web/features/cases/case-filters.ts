import { type CASE_STATUSES, parseRisk, riskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import { OPEN_STATUSES, type Status } from '../../../common/statuses.ts';
import type { CaseFilter } from './api.ts';

/**
 * The status filter's choices: any, every active status, the resolved set, or one status. The
 * active set is 'active', not 'open': 'open' is a status of its own, and two options sharing a
 * value make the second unreachable (spec 1, section 4.7).
 */
export type StatusChoice = '' | 'active' | 'resolved' | (typeof CASE_STATUSES)[number];

const RESOLVED: Status[] = ['closed', 'false_positive', 'accepted_risk'];

/** The filter fields as the toolbar holds them. */
export interface FilterForm {
  query: string;
  tags: string[];
  assignedUsers: string[];
  riskMin: string;
  riskMax: string;
  status: StatusChoice;
}

export const EMPTY_FILTERS: FilterForm = {
  query: '',
  tags: [],
  assignedUsers: [],
  riskMin: '',
  riskMax: '',
  status: '',
};

/** The statuses a choice stands for; none means any status. */
export function statusesOf(choice: StatusChoice): Status[] {
  if (choice === '') return [];
  if (choice === 'active') return [...OPEN_STATUSES];
  if (choice === 'resolved') return RESOLVED;
  return [choice];
}

/**
 * The request's filter, or null while the risk range is invalid (the list then keeps what it
 * shows rather than asking for something the user did not mean). `query` is the debounced text.
 */
export function toCaseFilter(
  form: FilterForm,
  query: string,
  customerIds: readonly string[],
): CaseFilter | null {
  const errors = riskRangeErrors(form.riskMin, form.riskMax);
  if (errors.min || errors.max) return null;
  return {
    query: query.trim().slice(0, 500),
    tags: form.tags,
    assignedUsers: form.assignedUsers,
    riskMin: parseRisk(form.riskMin),
    riskMax: parseRisk(form.riskMax),
    statuses: statusesOf(form.status),
    customerIds: [...customerIds],
  };
}

export const filtersActive = (form: FilterForm) =>
  form.query.trim() !== '' ||
  form.tags.length > 0 ||
  form.assignedUsers.length > 0 ||
  form.riskMin.trim() !== '' ||
  form.riskMax.trim() !== '' ||
  form.status !== '';
