import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';

/** Spec 2, section 9: a drop of 50% or more over 30 minutes. */
export const VOLUME_WINDOW_MINUTES = 30;
export const VOLUME_DROP_PERCENT = 50;
/** Fewer events than this in the earlier window say nothing about a drop (a quiet customer). */
export const VOLUME_MIN_PREVIOUS = 10;
/** Spec 2, section 9: three lockouts within 24 hours. */
export const LOCKOUTS = 3;
export const LOCKOUT_HOURS = 24;
/** Windows: "A user account was locked out." */
export const LOCKOUT_EVENT_ID = 4740;

export interface VolumeDrop {
  customerId: string;
  previous: number;
  current: number;
  dropPercent: number;
}

/**
 * Customers whose events in the 30 minutes before `at` fell by 50% or more against the 30
 * minutes before those (system connection: every customer). Counted in one pass over the hour.
 */
export async function logVolumeDrops(db: Db, at: Date): Promise<VolumeDrop[]> {
  const windowMs = VOLUME_WINDOW_MINUTES * 60_000;
  const middle = new Date(at.getTime() - windowMs).toISOString();
  const start = new Date(at.getTime() - 2 * windowMs).toISOString();
  const rows = resultRows<{ customer_id: string; previous: number; current: number }>(
    await db.execute(sql`select customer_id,
        count(*) filter (where time < ${middle}::timestamptz)::int as previous,
        count(*) filter (where time >= ${middle}::timestamptz)::int as current
      from log_events
      where time >= ${start}::timestamptz and time < ${at.toISOString()}::timestamptz
      group by customer_id`),
  );
  return rows
    .filter(
      (r) => r.previous >= VOLUME_MIN_PREVIOUS && r.current * 100 <= r.previous * (100 - VOLUME_DROP_PERCENT),
    )
    .map((r) => ({
      customerId: r.customer_id,
      previous: r.previous,
      current: r.current,
      dropPercent: Math.round(((r.previous - r.current) * 100) / r.previous),
    }));
}

export interface TripleLockout {
  customerId: string;
  account: string;
  /** The event that made it three: the trigger fires once for it. */
  eventId: string;
  host: string | null;
  firstAt: Date;
  lastAt: Date;
}

/**
 * Lockouts (event 4740) received since `since` that are an account's third within 24 hours:
 * each lockout is counted with the account's others of the 24 hours before it, and the one that
 * brings the count to three is reported (a fourth the same day is not reported again).
 */
export async function tripleLockouts(db: Db, since: Date, at: Date): Promise<TripleLockout[]> {
  const from = new Date(since.getTime() - LOCKOUT_HOURS * 3_600_000).toISOString();
  const rows = resultRows<{
    customer_id: string;
    account: string;
    id: string;
    host: string | null;
    first_at: Date | string;
    time: Date | string;
  }>(
    await db.execute(sql`select customer_id, account, id::text as id, host, first_at, time from (
        select customer_id, lower(user_name) as account, id, host, time, received_at,
          count(*) over w as n,
          min(time) over w as first_at
        from log_events
        where event_id = ${LOCKOUT_EVENT_ID} and user_name is not null
          and time >= ${from}::timestamptz and time <= ${at.toISOString()}::timestamptz
        window w as (partition by customer_id, lower(user_name) order by time
          range between interval '${sql.raw(String(LOCKOUT_HOURS))} hours' preceding and current row)
      ) counted
      where n = ${LOCKOUTS} and received_at >= ${since.toISOString()}::timestamptz`),
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    account: r.account,
    eventId: r.id,
    host: r.host,
    firstAt: new Date(r.first_at),
    lastAt: new Date(r.time),
  }));
}
