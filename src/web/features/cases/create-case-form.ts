import { parseRisk, riskRangeErrors } from '../../../../machines/case-editor/draft.ts';
import type { CaseCreate } from './api.ts';

/** The create case dialog's fields. */
export interface CreateCaseForm extends Record<string, unknown> {
  customerId: string;
  title: string;
  description: string;
  tags: string[];
  assignedUsers: string[];
  riskMin: string;
  riskMax: string;
}

export const emptyCreateForm = (customerId = ''): CreateCaseForm => ({
  customerId,
  title: '',
  description: '',
  tags: [],
  assignedUsers: [],
  riskMin: '',
  riskMax: '',
});

/** The form's values as CaseCreate's fields, for the contract's rules (risk bounds as typed). */
export const createCaseContractValues = (form: CreateCaseForm) => ({
  customer_id: form.customerId,
  title: form.title.trim(),
  description: form.description,
  tags: form.tags,
  assigned_users: form.assignedUsers,
  risk_score_min: form.riskMin,
  risk_score_max: form.riskMax,
});

/** The form field of each CaseCreate property whose name differs. */
export const CREATE_CASE_FIELDS = {
  customer_id: 'customerId',
  assigned_users: 'assignedUsers',
  risk_score_min: 'riskMin',
  risk_score_max: 'riskMax',
} as const;

/** What the contract cannot say: the risk range's bounds in order (spec 2, section 2 "Cases"). */
export const createCaseRangeErrors = (form: CreateCaseForm) => riskRangeErrors(form.riskMin, form.riskMax);

/** POST /api/cases/v1/cases/ body; empty lists and bounds are left out. */
export function createCaseBody(form: CreateCaseForm): CaseCreate {
  const body: CaseCreate = {
    customer_id: form.customerId,
    title: form.title.trim(),
    description: form.description,
  };
  if (form.tags.length) body.tags = form.tags;
  if (form.assignedUsers.length) body.assigned_users = form.assignedUsers;
  const min = parseRisk(form.riskMin);
  const max = parseRisk(form.riskMax);
  if (min !== null) body.risk_score_min = min;
  if (max !== null) body.risk_score_max = max;
  return body;
}
