import { type DraftErrors, draftErrors, parseRisk } from '../../../../machines/case-editor/draft.ts';
import type { CaseCreate } from './api.ts';

/** The create case dialog's fields. */
export interface CreateCaseForm {
  customerId: string;
  title: string;
  description: string;
  tags: string[];
  assignedUsers: string[];
  riskMin: string;
  riskMax: string;
}

export interface CreateCaseErrors extends DraftErrors {
  /** 'Please select a customer' (spec 2, section 5). */
  customer?: 'required';
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

/** The same rules as editing a case, plus a customer. */
export function createCaseErrors(form: CreateCaseForm): CreateCaseErrors {
  const errors: CreateCaseErrors = draftErrors({ ...form, status: 'new' });
  if (!form.customerId) errors.customer = 'required';
  return errors;
}

export const hasErrors = (errors: CreateCaseErrors) => Object.keys(errors).length > 0;

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
