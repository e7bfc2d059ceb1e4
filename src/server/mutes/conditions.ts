import vm from 'node:vm';

/**
 * Mute conditions: which alert fields a condition may test, which operators exist, and how one
 * condition is evaluated. Shared by the matcher (alert creation) and the mute handlers (validation).
 */

export const MUTE_FIELDS = ['title', 'type', 'priority', 'host_name', 'external_source'] as const;
export const MUTE_OPERATORS = ['equals', 'not_equals', 'contains', 'starts_with', 'regex'] as const;
export type MuteOperator = (typeof MUTE_OPERATORS)[number];

export interface MuteCondition {
  field: string;
  operator: string;
  value: unknown;
}

/** The alert fields a mute is matched against. */
export interface MatchableAlert {
  customerId: string;
  title: string;
  type: string;
  priority: string;
  hostName: string | null;
  externalSource: string | null;
  fields: Record<string, unknown>;
}

export const MAX_CONDITIONS = 20;
export const MAX_VALUE_LENGTH = 500;
export const MAX_REGEX_LENGTH = 200;
/** Raw-field paths: `fields.` followed by up to 8 dot-separated segments of word characters and dashes. */
const RAW_FIELD = /^fields\.[A-Za-z0-9_@-]{1,64}(\.[A-Za-z0-9_@-]{1,64}){0,7}$/;
/** Only this much of a value is examined, so a huge raw field cannot make matching slow. */
const MAX_SUBJECT_LENGTH = 10_000;
/** At most this many unbounded quantifiers (`*`, `+`, `{n,}`) in one pattern. */
const MAX_REGEX_QUANTIFIERS = 4;
/** A regex evaluation that takes longer is abandoned and counts as "no match". */
export const REGEX_TIMEOUT_MS = 25;

export function isMuteField(field: string): boolean {
  return (MUTE_FIELDS as readonly string[]).includes(field) || RAW_FIELD.test(field);
}

export function isMuteOperator(operator: string): operator is MuteOperator {
  return (MUTE_OPERATORS as readonly string[]).includes(operator);
}

/**
 * Why a regex is refused, or null when it is acceptable. Safe means: compiles, short, and without
 * the constructs that allow catastrophic backtracking (quantified groups, backreferences, lookaround).
 */
export function unsafeRegexReason(pattern: string): string | null {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > MAX_REGEX_LENGTH) return `must be at most ${MAX_REGEX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'is not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'must not use backreferences';
  if (/\(\?<?[=!]/.test(pattern)) return 'must not use lookaround';
  // A group followed by a quantifier (…)* (…)+ (…){n,} (…)? is where nested backtracking starts.
  if (/\)(?:[*+?]|\{\d)/.test(pattern)) return 'must not repeat a group';
  const quantifiers = pattern.replace(/\\./g, '').match(/[*+]|\{\d+,\}/g)?.length ?? 0;
  if (quantifiers > MAX_REGEX_QUANTIFIERS)
    return `must have at most ${MAX_REGEX_QUANTIFIERS} repetitions (*, + or {n,})`;
  return null;
}

/**
 * Regex tests run in a separate V8 context with a time limit: the syntax rules above keep the
 * common catastrophic patterns out, the timeout bounds whatever slips through (or predates them).
 */
const regexContext = vm.createContext({ pattern: null as RegExp | null, subject: '' });
const regexScript = new vm.Script('pattern.test(subject)');
const compiled = new Map<string, RegExp>();

function regexTest(pattern: string, subject: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'iu');
    if (compiled.size >= 1000) compiled.clear();
    compiled.set(pattern, regex);
  }
  regexContext.pattern = regex;
  regexContext.subject = subject;
  try {
    return regexScript.runInContext(regexContext, { timeout: REGEX_TIMEOUT_MS }) === true;
  } catch {
    return false;
  } finally {
    regex.lastIndex = 0;
  }
}

/** The alert value a condition field refers to, as a string, or null when absent. */
export function fieldValue(alert: MatchableAlert, field: string): string | null {
  switch (field) {
    case 'title':
      return alert.title;
    case 'type':
      return alert.type;
    case 'priority':
      return alert.priority;
    case 'host_name':
      return alert.hostName;
    case 'external_source':
      return alert.externalSource;
  }
  if (!field.startsWith('fields.')) return null;
  let current: unknown = alert.fields;
  for (const segment of field.slice('fields.'.length).split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return null;
    if (!Object.hasOwn(current, segment)) return null;
    current = (current as Record<string, unknown>)[segment];
  }
  if (current === null || current === undefined) return null;
  if (typeof current === 'string') return current;
  if (typeof current === 'number' || typeof current === 'boolean') return String(current);
  return JSON.stringify(current);
}

/**
 * Whether one condition holds. Comparisons are case-insensitive. A missing field equals nothing,
 * contains nothing and matches no regex, but is "not equal" to any value.
 */
export function conditionMatches(alert: MatchableAlert, condition: MuteCondition): boolean {
  if (typeof condition.value !== 'string' || !isMuteField(condition.field)) return false;
  const raw = fieldValue(alert, condition.field);
  const expected = condition.value.toLowerCase();
  if (raw === null) return condition.operator === 'not_equals';
  const subject = raw.slice(0, MAX_SUBJECT_LENGTH);
  const actual = subject.toLowerCase();
  switch (condition.operator) {
    case 'equals':
      return actual === expected;
    case 'not_equals':
      return actual !== expected;
    case 'contains':
      return actual.includes(expected);
    case 'starts_with':
      return actual.startsWith(expected);
    case 'regex': {
      if (unsafeRegexReason(condition.value) !== null) return false;
      return regexTest(condition.value, subject);
    }
    default:
      return false;
  }
}

/** Whether every condition holds; a mute without conditions matches nothing. */
export function allConditionsMatch(alert: MatchableAlert, conditions: readonly MuteCondition[]): boolean {
  return conditions.length > 0 && conditions.every((condition) => conditionMatches(alert, condition));
}
