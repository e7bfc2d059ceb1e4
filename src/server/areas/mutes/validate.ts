import { badRequest } from '../../errors.ts';
import { isMuteField, isMuteOperator, type MuteCondition, unsafeRegexReason } from './conditions.ts';

/** Mute expiry without a choice: one day (spec 2, section 9). */
export const DEFAULT_MUTE_TTL_SECONDS = 24 * 60 * 60;
/** The furthest expiry a person may set: the same year as the longest `ttl_seconds`. */
export const MAX_MUTE_TTL_SECONDS = 365 * 24 * 60 * 60;
/** Clock difference tolerated between the client's "a year from now" and ours. */
const EXPIRY_SLACK_MS = 60_000;

/**
 * The conditions as stored, after the checks the contract cannot express (safe regexes). The
 * contract already limits count, field names, operators and value lengths; they are checked
 * again here so a call from inside the server gets the same answer.
 */
export function checkedConditions(
  conditions: readonly MuteCondition[],
): { field: string; operator: string; value: string }[] {
  return conditions.map((condition, i) => {
    const where = `body.conditions[${i}]`;
    if (!isMuteField(condition.field)) throw badRequest(`${where}.field`, 'is not a field a mute can test');
    if (!isMuteOperator(condition.operator)) throw badRequest(`${where}.operator`, 'is not a known operator');
    if (typeof condition.value !== 'string' || condition.value.length === 0 || condition.value.length > 500) {
      throw badRequest(`${where}.value`, 'must be text of 1 to 500 characters');
    }
    if (condition.operator === 'regex') {
      const reason = unsafeRegexReason(condition.value);
      if (reason) throw badRequest(`${where}.value`, `regular expression ${reason}`);
    }
    return { field: condition.field, operator: condition.operator, value: condition.value };
  });
}

/**
 * When a mute made or changed now expires: `expires_at` (future, at most a year ahead) or
 * `ttl_seconds` from now, not both; undefined when neither was given.
 */
export function requestedExpiry(
  body: { expires_at?: string | undefined; ttl_seconds?: number | undefined },
  now: Date,
): Date | undefined {
  if (body.expires_at !== undefined && body.ttl_seconds !== undefined) {
    throw badRequest('body.ttl_seconds', 'give either expires_at or ttl_seconds, not both');
  }
  if (body.ttl_seconds !== undefined) {
    if (
      !Number.isInteger(body.ttl_seconds) ||
      body.ttl_seconds < 60 ||
      body.ttl_seconds > MAX_MUTE_TTL_SECONDS
    ) {
      throw badRequest('body.ttl_seconds', `must be a whole number from 60 to ${MAX_MUTE_TTL_SECONDS}`);
    }
    return new Date(now.getTime() + body.ttl_seconds * 1000);
  }
  if (body.expires_at === undefined) return undefined;
  const at = new Date(body.expires_at);
  if (Number.isNaN(at.getTime())) throw badRequest('body.expires_at', 'must be a date-time');
  if (at.getTime() <= now.getTime()) throw badRequest('body.expires_at', 'must be in the future');
  if (at.getTime() > now.getTime() + MAX_MUTE_TTL_SECONDS * 1000 + EXPIRY_SLACK_MS) {
    throw badRequest('body.expires_at', 'must be at most a year ahead');
  }
  return at;
}
