import { type SQL, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The buckets of a chart's span: the last 24 hours by hour, longer spans by UTC day. */
export interface Span {
  unit: 'hour' | 'day';
  /** Bucket starts, oldest first; the last one holds now. */
  starts: Date[];
  /** The start of the first bucket: what the queries read from. */
  since: Date;
}

export function spanOf(
  days: number,
  now = new Date(),
  unit: Span['unit'] = days === 1 ? 'hour' : 'day',
): Span {
  const size = unit === 'hour' ? HOUR : DAY;
  const count = unit === 'hour' ? 24 : days;
  const last = Math.floor(now.getTime() / size) * size;
  const starts = Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * size));
  return { unit, starts, since: starts[0]! };
}

/** The date range "All Time" (spec 1 and 2, section 9): every day since the first with data. */
export const ALL_TIME = -1;

/**
 * All time by UTC day, from the first day that has data (`first`, YYYY-MM-DD) to today; today
 * alone when there is none yet.
 */
export function allTimeSpan(first: string | null, now = new Date()): Span {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const from = first === null ? today : Math.min(today, Date.parse(`${first}T00:00:00Z`));
  const count = Math.round((today - from) / DAY) + 1;
  const starts = Array.from({ length: count }, (_, i) => new Date(from + i * DAY));
  return { unit: 'day', starts, since: starts[0]! };
}

/**
 * The span of the `days` asked: all time starts at the first day `firstDay` finds (asked only
 * then, inside the caller's transaction), a one-day span goes by hour unless `unit` says days.
 */
export async function spanFor(
  days: number,
  firstDay: () => Promise<string | null>,
  unit?: Span['unit'],
): Promise<Span> {
  return days === ALL_TIME ? allTimeSpan(await firstDay()) : spanOf(days, new Date(), unit);
}

/** The first UTC day of a daily table (`alert_rollup_daily`, `log_usage`) with rows of these customers. */
export async function firstDayIn(
  tx: Db,
  table: 'alert_rollup_daily' | 'log_usage',
  customerIds: readonly string[],
): Promise<string | null> {
  const [row] = resultRows<{ first: string | null }>(
    await tx.execute(sql`select min(day)::text as first from ${sql.raw(table)}
      where customer_id = any(${uuidArray(customerIds)}::uuid[])`),
  );
  return row?.first ?? null;
}

export function bucketEnd(span: Span, start: Date): Date {
  return new Date(start.getTime() + (span.unit === 'hour' ? HOUR : DAY));
}

/** A bucket's key as SQL writes it (to_char … 'YYYY-MM-DD"T"HH24') and as the span names it. */
export function bucketKey(start: Date): string {
  return start.toISOString().slice(0, 13);
}

/** Arrays for `= any(…)` written as literals, as the other areas' raw queries pass them. */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
export const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

export const OPEN = OPEN_STATUSES;
/** The statuses that end an alert's handling (time to close). */
export const CLOSING_STATUSES = ['closed', 'false_positive', 'accepted_risk'] as const;

/** A date's UTC day, as the daily rollups key it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The rollup a span reads: hourly for the last 24 hours, daily otherwise (db/schema/dashboard.ts). */
export const rollupOf = (span: Span): SQL =>
  sql.raw(span.unit === 'hour' ? 'alert_rollup_hourly' : 'alert_rollup_daily');

/** The rollup rows of the span's buckets. */
export const sinceOf = (span: Span): SQL =>
  span.unit === 'hour'
    ? sql`hour >= ${span.since.toISOString()}::timestamptz`
    : sql`day >= ${dayOf(span.since)}::date`;
