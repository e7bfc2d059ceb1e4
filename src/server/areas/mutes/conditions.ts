import { RE2JS } from 're2js';
import { CONTRACT_LIMITS } from '../../../api/contract-limits.ts';
import { MUTE_REGEX_MAX_LENGTH } from '../../../api/limits.ts';

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

export const MAX_CONDITIONS = CONTRACT_LIMITS.MuteConditions.maxItems;
export const MAX_VALUE_LENGTH = CONTRACT_LIMITS.MuteCondition.value.maxLength;
export const MAX_REGEX_LENGTH = MUTE_REGEX_MAX_LENGTH;
/** Raw-field paths: `fields.` followed by up to 8 dot-separated segments of word characters and dashes. */
const RAW_FIELD = /^fields\.[A-Za-z0-9_@-]{1,64}(\.[A-Za-z0-9_@-]{1,64}){0,7}$/;
/** Only this much of a value is examined, so a huge raw field cannot make matching slow. */
const MAX_SUBJECT_LENGTH = 10_000;

export function isMuteField(field: string): boolean {
  return (MUTE_FIELDS as readonly string[]).includes(field) || RAW_FIELD.test(field);
}

export function isMuteOperator(operator: string): operator is MuteOperator {
  return (MUTE_OPERATORS as readonly string[]).includes(operator);
}

/**
 * Mute regexes run on RE2 (re2js): matching takes time linear in the subject, whatever the
 * pattern, so a pattern such as `(a+)+$` is harmless. The price is RE2's syntax: no
 * backreferences and no lookaround. Patterns are compiled as written, never rewritten, so what
 * was validated is what runs.
 */
function compileRegex(pattern: string, flags = 0): RE2JS {
  return RE2JS.compile(pattern, flags);
}

/** Why a regex is refused (empty, too long, or not compilable by RE2), or null when it is acceptable. */
export function unsafeRegexReason(pattern: string): string | null {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > MAX_REGEX_LENGTH) return `must be at most ${MAX_REGEX_LENGTH} characters`;
  try {
    // Without flags, so the reason quotes the pattern as written.
    compileRegex(pattern);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    return `is not valid (RE2 syntax, without backreferences or lookaround)${detail ? `: ${detail}` : ''}`;
  }
  return null;
}

const compiled = new Map<string, RE2JS | null>();

/** The compiled, case-insensitive pattern, or null when it does not compile (stored before the rules changed). */
function cachedRegex(pattern: string): RE2JS | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = unsafeRegexReason(pattern) === null ? compileRegex(pattern, RE2JS.CASE_INSENSITIVE) : null;
    if (compiled.size >= 1000) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
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
    case 'regex':
      return cachedRegex(condition.value)?.test(subject) ?? false;
    default:
      return false;
  }
}

/** Whether every condition holds; a mute without conditions matches nothing. */
export function allConditionsMatch(alert: MatchableAlert, conditions: readonly MuteCondition[]): boolean {
  return conditions.length > 0 && conditions.every((condition) => conditionMatches(alert, condition));
}
