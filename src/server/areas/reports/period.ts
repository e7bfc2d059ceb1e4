import { badRequest } from '../../errors.ts';

/** Whole days, both included, as `YYYY-MM-DD`. */
export interface Period {
  start: string;
  end: string;
  label: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
const MONTH_NAMES = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The target month and the two before it (spec 2, section 9). */
export function monthPeriod(year: number, month: number): Period {
  const first = utcDay(year, month - 3, 1);
  const last = utcDay(year, month, 0);
  return {
    start: iso(first),
    end: iso(last),
    label: `${MONTH_NAMES.format(first)} – ${MONTH_NAMES.format(last)}`,
  };
}

/** Monday of ISO week 1 of the year: the week with the year's first Thursday. */
function isoWeekOne(year: number): Date {
  const jan4 = utcDay(year, 0, 4);
  return utcDay(year, 0, 4 - ((jan4.getUTCDay() + 6) % 7));
}

export function weekPeriod(year: number, week: number): Period {
  const monday = isoWeekOne(year);
  monday.setUTCDate(monday.getUTCDate() + (week - 1) * 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  return { start: iso(monday), end: iso(sunday), label: `${year}-W${String(week).padStart(2, '0')}` };
}

/** The calendar date it is now in a time zone, as a UTC midnight. */
export function todayIn(timeZone: string, now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return utcDay(parts[0]!, parts[1]! - 1, parts[2]!);
}

/** The ISO year and week of a day. */
function isoWeekOf(day: Date): { year: number; week: number } {
  const thursday = new Date(day);
  thursday.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const week =
    1 + Math.round((thursday.getTime() - isoWeekOne(year).getTime() - 3 * 86_400_000) / (7 * 86_400_000));
  return { year, week };
}

/** The last whole month (with the two before) or ISO week before `today`. */
export function lastWholePeriod(kind: 'month' | 'week', today: Date): Period {
  if (kind === 'month') return monthPeriod(today.getUTCFullYear(), today.getUTCMonth());
  const lastWeek = new Date(today);
  lastWeek.setUTCDate(today.getUTCDate() - 7);
  const { year, week } = isoWeekOf(lastWeek);
  return weekPeriod(year, week);
}

/**
 * The period a report covers: its fixed dates when it has them; else the target asked
 * (`2026-10`, `2026-W43`), which must be of the report's kind; else the last whole one.
 */
export function periodOf(
  report: { target: string; startDate: string | null; endDate: string | null },
  target: string | undefined,
  today: Date,
): Period {
  if (report.startDate && report.endDate)
    return { start: report.startDate, end: report.endDate, label: `${report.startDate} – ${report.endDate}` };
  const kind = report.target === 'week' ? 'week' : 'month';
  if (!target) return lastWholePeriod(kind, today);
  const month = /^(\d{4})-(\d{2})$/.exec(target);
  if (month) {
    if (kind !== 'month') throw badRequest('target', 'this report covers a week: ask for one like 2026-W43');
    return monthPeriod(Number(month[1]), Number(month[2]));
  }
  const week = /^(\d{4})-W(\d{2})$/.exec(target);
  if (week) {
    if (kind !== 'week') throw badRequest('target', 'this report covers a month: ask for one like 2026-10');
    const result = weekPeriod(Number(week[1]), Number(week[2]));
    if (isoWeekOf(new Date(`${result.start}T00:00:00Z`)).year !== Number(week[1]))
      throw badRequest('target', `${week[1]} has no week ${week[2]}`);
    return result;
  }
  throw badRequest('target', 'must be a month like 2026-10 or a week like 2026-W43');
}

/** The instant a period's last day ends, for queries over timestamps. */
export const endExclusive = (period: Period) => {
  const day = new Date(`${period.end}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
};
