import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';

const DAY = 86_400_000;

/**
 * The `log-usage` job (hourly): counts events and their bytes by customer, UTC day and source for
 * the days from `days` back to today, replacing those days' rows (late events land in past days;
 * the same day metered again is simply corrected). Days older than that keep their last figures
 * after retention drops their events. System connection: it meters every customer.
 */
export async function meterLogUsage(db: Db, now = new Date(), days = 2): Promise<number> {
  const from = new Date(Math.floor(now.getTime() / DAY) * DAY - (days - 1) * DAY).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from log_usage where day >= (${from}::timestamptz at time zone 'UTC')::date`);
    const rows = resultRows<{ n: number }>(
      await tx.execute(sql`with metered as (
          insert into log_usage (customer_id, day, source, events, bytes)
          select customer_id, (time at time zone 'UTC')::date, source, count(*), coalesce(sum(raw_bytes), 0)
          from log_events where time >= ${from}::timestamptz group by 1, 2, 3
          returning 1)
        select count(*)::int as n from metered`),
    );
    return rows[0]?.n ?? 0;
  });
}
