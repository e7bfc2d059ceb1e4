import { RE2JS } from 're2js';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const RANK: Record<string, number> = { low: 0, medium: 1, high: 2, critical: 3 };
/** Higher is more urgent; -1 for what is no priority. */
const rank = (priority: string) => RANK[priority] ?? -1;
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The condition action's test. Regexes run on RE2 (linear time, no backreferences); at least and
 * at most compare numbers (a risk threshold), and a value that is not a number fails them;
 * priority at least compares low < medium < high < critical. Days of week (0 Monday) and the
 * time window (UTC, from start to before end, overnight when end comes first) test `now`.
 */
export function conditionHolds(input: Record<string, unknown>, now: Date): boolean {
  const operator = text(input.operator);
  const value = text(input.value);
  const other = text(input.compare_to);
  switch (operator) {
    case 'equals':
      return value.toLowerCase() === other.toLowerCase();
    case 'not_equals':
      return value.toLowerCase() !== other.toLowerCase();
    case 'contains':
      return value.toLowerCase().includes(other.toLowerCase());
    case 'regex':
      return RE2JS.compile(other, RE2JS.CASE_INSENSITIVE).matcher(value).find();
    case 'at_least':
    case 'at_most': {
      const a = Number(value);
      const b = Number(other);
      if (value.trim() === '' || other.trim() === '' || !Number.isFinite(a) || !Number.isFinite(b))
        return false;
      return operator === 'at_least' ? a >= b : a <= b;
    }
    case 'priority_at_least': {
      const a = rank(value.toLowerCase());
      const b = rank(other.toLowerCase());
      return a >= 0 && b >= 0 && a >= b;
    }
    case 'days_of_week': {
      const days = Array.isArray(input.days_of_week) ? input.days_of_week.map(text) : [];
      return days.includes(String((now.getUTCDay() + 6) % 7));
    }
    case 'time_window': {
      const at = now.getUTCHours() * 60 + now.getUTCMinutes();
      const start = minutesOf(text(input.start_time));
      const end = minutesOf(text(input.end_time));
      return start <= end ? at >= start && at < end : at >= start || at < end;
    }
    default:
      throw new Error(`unknown operator ${operator}`);
  }
}
