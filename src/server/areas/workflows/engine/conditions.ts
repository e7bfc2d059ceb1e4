import { RE2JS } from 're2js';

/**
 * The condition action's test. Regexes run on RE2 (linear time, no backreferences); at least and
 * at most compare numbers, and a value that is not a number fails them.
 */
export function conditionHolds(value: unknown, operator: string, compareTo: unknown): boolean {
  const text = value === null || value === undefined ? '' : String(value);
  const other = compareTo === null || compareTo === undefined ? '' : String(compareTo);
  switch (operator) {
    case 'equals':
      return text.toLowerCase() === other.toLowerCase();
    case 'not_equals':
      return text.toLowerCase() !== other.toLowerCase();
    case 'contains':
      return text.toLowerCase().includes(other.toLowerCase());
    case 'regex':
      return RE2JS.compile(other, RE2JS.CASE_INSENSITIVE).matcher(text).find();
    case 'at_least':
    case 'at_most': {
      const a = Number(text);
      const b = Number(other);
      if (text.trim() === '' || !Number.isFinite(a) || !Number.isFinite(b)) return false;
      return operator === 'at_least' ? a >= b : a <= b;
    }
    default:
      throw new Error(`unknown operator ${operator}`);
  }
}
