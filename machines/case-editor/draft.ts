import type { components } from '../../src/api/schema.d.ts';
import { type FieldIssue, ruleOf, validate } from '../../src/api/validate.ts';
import { type CaseDraft, type CaseRecord, EMPTY_DRAFT } from './case-editor.context.ts';

// The palette's case commands need the statuses on the first page load, without the rules below.
import { CASE_STATUSES, type CaseStatus } from './case-statuses.ts';

export { CASE_STATUSES, type CaseStatus };

const isCaseStatus = (value: string): value is CaseStatus =>
  (CASE_STATUSES as readonly string[]).includes(value);

/** The risk bounds the contract allows (CaseRisk). */
const RISK = ruleOf('CaseUpdate', 'risk_score_min');

/** Why a risk bound is refused: not a whole number from 0 to 100, or the minimum above the maximum. */
export type RiskError = 'outOfRange' | 'minAboveMax';

export interface RiskRangeErrors {
  min?: RiskError;
  max?: RiskError;
}

/** A risk bound as typed: null when empty, NaN when it is not a whole number from 0 to 100. */
export function parseRisk(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed);
  return value >= (RISK.minimum ?? 0) && value <= (RISK.maximum ?? 100) ? value : Number.NaN;
}

/**
 * Risk score range checks (spec 2, section 2 "Cases": risk score range min and max): each bound
 * is empty or a whole number from 0 to 100, and the minimum is not above the maximum. The
 * min-above-max error is reported on the maximum, the field the user usually types last.
 */
export function riskRangeErrors(min: string, max: string): RiskRangeErrors {
  const low = parseRisk(min);
  const high = parseRisk(max);
  const errors: RiskRangeErrors = {};
  if (Number.isNaN(low)) errors.min = 'outOfRange';
  if (Number.isNaN(high)) errors.max = 'outOfRange';
  if (low !== null && high !== null && !errors.min && !errors.max && low > high) errors.max = 'minAboveMax';
  return errors;
}

/** What is wrong with a draft: the contract's issues (CaseUpdate) and the risk range's own. */
export interface DraftErrors {
  title?: FieldIssue;
  description?: FieldIssue;
  tags?: FieldIssue;
  assignedUsers?: FieldIssue;
  riskMin?: RiskError;
  riskMax?: RiskError;
}

/** What is wrong with a draft; an empty object when it can be saved. */
export function draftErrors(draft: CaseDraft): DraftErrors {
  // A title is required to edit as well as to create, though an update may leave it out.
  const issues = validate('CaseCreate', {
    title: draft.title.trim(),
    description: draft.description,
    tags: draft.tags,
    assigned_users: draft.assignedUsers,
  });
  const errors: DraftErrors = {};
  if (issues.title) errors.title = issues.title;
  if (issues.description) errors.description = issues.description;
  if (issues.tags) errors.tags = issues.tags;
  if (issues.assigned_users) errors.assignedUsers = issues.assigned_users;
  const risk = riskRangeErrors(draft.riskMin, draft.riskMax);
  if (risk.min) errors.riskMin = risk.min;
  if (risk.max) errors.riskMax = risk.max;
  return errors;
}

export const isValidDraft = (draft: CaseDraft) => Object.keys(draftErrors(draft)).length === 0;

const riskText = (value: number | null) => (value === null ? '' : String(value));

/** The form's fields for a case as the server has it. */
export function draftFromCase(record: CaseRecord | null): CaseDraft {
  if (!record) return EMPTY_DRAFT;
  return {
    title: record.title,
    description: record.description,
    status: record.status,
    tags: [...record.tags],
    assignedUsers: [...record.assigned_users],
    riskMin: riskText(record.risk_score_min),
    riskMax: riskText(record.risk_score_max),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** Whether two drafts hold the same values (risk bounds compared as numbers). */
export function sameDraft(a: CaseDraft, b: CaseDraft): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.status === b.status &&
    sameList(a.tags, b.tags) &&
    sameList(a.assignedUsers, b.assignedUsers) &&
    Object.is(parseRisk(a.riskMin), parseRisk(b.riskMin)) &&
    Object.is(parseRisk(a.riskMax), parseRisk(b.riskMax))
  );
}

/** The body fields of PUT /cases/{id} that differ from the base (omitted fields stay as they are). */
export type CaseChanges = Omit<components['schemas']['CaseUpdate'], 'version' | 'fields'>;

/** Only what changed, so a save never rewrites a field the user did not touch. */
export function changedFields(base: CaseDraft, draft: CaseDraft): CaseChanges {
  const changes: CaseChanges = {};
  if (draft.title.trim() !== base.title) changes.title = draft.title.trim();
  if (draft.description !== base.description) changes.description = draft.description;
  // A status the server sent but the contract does not list stays as it is.
  if (draft.status !== base.status && isCaseStatus(draft.status)) changes.status = draft.status;
  if (!sameList(draft.tags, base.tags)) changes.tags = [...draft.tags];
  if (!sameList(draft.assignedUsers, base.assignedUsers)) changes.assigned_users = [...draft.assignedUsers];
  const min = parseRisk(draft.riskMin);
  const max = parseRisk(draft.riskMax);
  if (!Object.is(min, parseRisk(base.riskMin))) changes.risk_score_min = min;
  if (!Object.is(max, parseRisk(base.riskMax))) changes.risk_score_max = max;
  return changes;
}
