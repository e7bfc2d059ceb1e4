import { isEmail } from '../common/patterns.ts';
import { CONTRACT_RULES } from './contract-rules.ts';

/**
 * Checks form values against the contract's rules for a request body (contract-rules.ts,
 * generated from openapi/), so a limit is written once, in the contract. Small on purpose: the
 * browser checks what a person can get wrong in a form; the server still checks everything.
 */

/** One field's rules, as scripts/contract/rules.ts writes them. */
export interface FieldRule {
  readonly required?: true;
  readonly type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly (string | number)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly format?: 'email' | 'uri';
  readonly items?: FieldRule;
}

/** What is wrong with a field: a message key of the `fieldIssue` group (common namespace). */
export type FieldIssueKey =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'pattern'
  | 'enum'
  | 'notNumber'
  | 'notWholeNumber'
  | 'tooSmall'
  | 'tooLarge'
  | 'tooFew'
  | 'tooMany'
  | 'email'
  | 'uri'
  | 'itemTooShort'
  | 'itemTooLong'
  | 'itemPattern'
  | 'itemEmail';

/** A field's issue and what its message names: `count` (a length or number of entries, which picks the plural form), `limit` (a bound of a number), `pattern`. */
export interface FieldIssue {
  key: FieldIssueKey;
  count?: number;
  limit?: number;
  pattern?: string;
}

export type SchemaName = keyof typeof CONTRACT_RULES;
export type FieldIssues<F extends string = string> = Partial<Record<F, FieldIssue>>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isUri = (text: string) => {
  try {
    return Boolean(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** A text's issue against string rules; `item` says it is one entry of a list. */
function textIssue(text: string, rule: FieldRule, item: boolean): FieldIssue | null {
  if (rule.minLength !== undefined && text.length < rule.minLength)
    return { key: item ? 'itemTooShort' : 'tooShort', count: rule.minLength };
  if (rule.maxLength !== undefined && text.length > rule.maxLength)
    return { key: item ? 'itemTooLong' : 'tooLong', count: rule.maxLength };
  if (rule.format === 'email' && !isEmail(text)) return { key: item ? 'itemEmail' : 'email' };
  if (rule.format === 'uri' && !isUri(text)) return { key: 'uri' };
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(text))
    return { key: item ? 'itemPattern' : 'pattern', pattern: rule.pattern };
  if (rule.enum && !rule.enum.includes(text)) return { key: 'enum' };
  return null;
}

/**
 * A number field's issue. A form may hold what was typed ("12", "1e3"): text is read as a number
 * here, so a half-typed value is refused with a clear message rather than sent.
 */
function numberIssue(value: unknown, rule: FieldRule): FieldIssue | null {
  const typed = String(value).trim();
  const number =
    typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
  if (Number.isNaN(number)) return { key: rule.type === 'integer' ? 'notWholeNumber' : 'notNumber' };
  if (rule.type === 'integer' && !Number.isInteger(number)) return { key: 'notWholeNumber' };
  if (rule.minimum !== undefined && number < rule.minimum) return { key: 'tooSmall', limit: rule.minimum };
  if (rule.maximum !== undefined && number > rule.maximum) return { key: 'tooLarge', limit: rule.maximum };
  if (rule.enum && !rule.enum.includes(number)) return { key: 'enum' };
  return null;
}

/** One field's issue, or null when its value passes its rules. */
export function fieldIssue(value: unknown, rule: FieldRule): FieldIssue | null {
  if (Array.isArray(value)) {
    if (rule.required && value.length === 0) return { key: 'required' };
    if (rule.minItems !== undefined && value.length < rule.minItems)
      return { key: 'tooFew', count: rule.minItems };
    if (rule.maxItems !== undefined && value.length > rule.maxItems)
      return { key: 'tooMany', count: rule.maxItems };
    const items = rule.items;
    if (!items) return null;
    for (const entry of value) {
      const issue = typeof entry === 'string' ? textIssue(entry, items, true) : null;
      if (issue) return issue;
    }
    return null;
  }
  if (isEmpty(value)) return rule.required ? { key: 'required' } : null;
  if (rule.type === 'integer' || rule.type === 'number') return numberIssue(value, rule);
  if (typeof value === 'string') return textIssue(value, rule, false);
  return null;
}

/**
 * The issues of the given values against a request body's rules, by field; only the fields
 * named in `values` are checked (a form sends some of a body: the rest is filled in, or left to
 * the server), so a field the form does not hold is never reported. An empty object: nothing to
 * refuse.
 */
export function validate<F extends string>(
  schema: SchemaName,
  values: Partial<Record<F, unknown>>,
): FieldIssues<F> {
  const rules = CONTRACT_RULES[schema] as Record<string, FieldRule>;
  const issues: FieldIssues<F> = {};
  for (const field of Object.keys(values) as F[]) {
    const rule = rules[field];
    if (!rule) continue;
    const issue = fieldIssue(values[field], rule);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** The rules of one field of a request body, for limits a form shows (a counter, maxLength). */
export function ruleOf(schema: SchemaName, field: string): FieldRule {
  const rule = (CONTRACT_RULES[schema] as Record<string, FieldRule>)[field];
  if (!rule) throw new Error(`${String(schema)} has no field ${field}`);
  return rule;
}
