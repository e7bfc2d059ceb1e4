import { MUTE_REGEX_MAX_LENGTH } from '../../src/api/limits.ts';
import { ruleOf, validate } from '../../src/api/validate.ts';
import {
  type ConditionDraft,
  DEFAULT_EXPIRY,
  EXPIRY_PRESETS,
  MUTE_OPERATORS,
  type Mute,
  type MuteDraft,
} from './mute-lifecycle.context.ts';

/** The furthest expiry, in seconds from now: the contract's `ttl_seconds` maximum (a year). */
const MAX_TTL_SECONDS = ruleOf('MuteCreate', 'ttl_seconds').maximum ?? 31_536_000;

/**
 * Whether a mute can test this field: a known alert field or `fields.<path>` of the raw data, as
 * the contract's MuteCondition pattern says.
 */
export function isMuteField(field: string): boolean {
  return !validate('MuteCondition', { field }).field;
}

export interface ConditionErrors {
  field?: 'required' | 'invalid';
  operator?: 'invalid';
  value?: 'required' | 'tooLong' | 'invalidRegex';
}

export interface MuteDraftErrors {
  customer?: 'required';
  conditions?: 'none' | 'tooMany';
  /** Errors of each condition row, by row key; rows without errors are absent. */
  rows: Record<number, ConditionErrors>;
  description?: 'tooLong';
  expiry?: 'required' | 'past' | 'tooFar';
}

function conditionErrors(condition: ConditionDraft): ConditionErrors {
  const errors: ConditionErrors = {};
  const field = condition.field.trim();
  if (!field) errors.field = 'required';
  else if (!isMuteField(field)) errors.field = 'invalid';
  if (!MUTE_OPERATORS.includes(condition.operator)) errors.operator = 'invalid';
  // The value's issues are the contract's (required, at most 500 characters) but an empty value
  // is refused as typed, before trimming.
  const valueIssue = condition.value ? validate('MuteCondition', { value: condition.value }).value : null;
  if (!condition.value) errors.value = 'required';
  else if (valueIssue) errors.value = valueIssue.key === 'tooLong' ? 'tooLong' : 'required';
  else if (condition.operator === 'regex') {
    if (condition.value.length > MUTE_REGEX_MAX_LENGTH) errors.value = 'tooLong';
    else {
      try {
        new RegExp(condition.value, 'iu');
      } catch {
        errors.value = 'invalidRegex';
      }
    }
  }
  return errors;
}

/** The custom expiry in milliseconds, or NaN when the field does not hold a date and time. */
export function customExpiryTime(text: string): number {
  // A date-time without an offset is local time, as the browser's date-time field means it.
  return text.trim() ? Date.parse(text) : Number.NaN;
}

/**
 * What is wrong with the form (spec 2, section 2 "Alert mutes"; contract limits): a customer for
 * a new mute, 1 to 20 complete conditions, a description of at most 2000 characters, and an
 * expiry in the future and at most a year ahead. The server checks regexes more strictly.
 */
export function muteDraftErrors(draft: MuteDraft, isNew: boolean, now: number): MuteDraftErrors {
  const errors: MuteDraftErrors = { rows: {} };
  const issues = validate('MuteCreate', { conditions: draft.conditions, description: draft.description });
  if (isNew && !draft.customerId) errors.customer = 'required';
  if (issues.conditions) errors.conditions = issues.conditions.key === 'tooMany' ? 'tooMany' : 'none';
  for (const condition of draft.conditions) {
    const rowErrors = conditionErrors(condition);
    if (Object.keys(rowErrors).length > 0) errors.rows[condition.key] = rowErrors;
  }
  if (issues.description) errors.description = 'tooLong';
  if (draft.expiry === 'keep' && isNew) errors.expiry = 'required';
  if (draft.expiry === 'custom') {
    const at = customExpiryTime(draft.customExpiry);
    if (Number.isNaN(at)) errors.expiry = 'required';
    else if (at <= now) errors.expiry = 'past';
    else if (at > now + MAX_TTL_SECONDS * 1000) errors.expiry = 'tooFar';
  }
  return errors;
}

/** Whether the form can be saved at `now`. */
export function isValidMuteDraft(draft: MuteDraft, isNew: boolean, now: number): boolean {
  const { rows, ...rest } = muteDraftErrors(draft, isNew, now);
  return Object.keys(rest).length === 0 && Object.keys(rows).length === 0;
}

export const blankCondition = (key: number): ConditionDraft => ({
  key,
  field: 'title',
  operator: 'contains',
  value: '',
});

/** The form of a new mute: one empty condition, expiring after the default day. */
export function newMuteDraft(customerId = ''): MuteDraft {
  return {
    customerId,
    conditions: [blankCondition(1)],
    description: '',
    expiry: DEFAULT_EXPIRY,
    customExpiry: '',
  };
}

/** The form of an existing mute; its expiry is kept unless the user picks a new one. */
export function muteDraftFrom(mute: Mute): MuteDraft {
  return {
    customerId: mute.customer_id,
    conditions: mute.conditions.map((c, i) => ({
      key: i + 1,
      field: c.field,
      operator: c.operator,
      value: c.value,
    })),
    description: mute.description,
    expiry: 'keep',
    customExpiry: '',
  };
}

/**
 * Whether two drafts say the same (row keys aside: a row removed and added again as it was is no
 * change): a draft that differs from the one the form opened with has unsaved changes.
 */
export function sameMuteDraft(a: MuteDraft, b: MuteDraft): boolean {
  const plain = ({ conditions, ...rest }: MuteDraft) => ({
    ...rest,
    conditions: conditions.map(({ key: _key, ...row }) => row),
  });
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
}

/** The request body's fields for the form: conditions, description and the chosen expiry. */
export interface MuteBody {
  conditions: { field: string; operator: ConditionDraft['operator']; value: string }[];
  description: string;
  expires_at?: string;
  ttl_seconds?: number;
}

/** A preset becomes `ttl_seconds`, a custom date `expires_at`; keeping the expiry sends neither. */
export function muteBody(draft: MuteDraft): MuteBody {
  const body: MuteBody = {
    conditions: draft.conditions.map((c) => ({
      field: c.field.trim(),
      operator: c.operator,
      value: c.value,
    })),
    description: draft.description,
  };
  if (draft.expiry === 'custom')
    body.expires_at = new Date(customExpiryTime(draft.customExpiry)).toISOString();
  else if (draft.expiry !== 'keep') body.ttl_seconds = EXPIRY_PRESETS[draft.expiry];
  return body;
}
