import { asc, eq, inArray, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** The job that recomputes the dashboard's rollups from the alerts and the activity log. */
export const REBUILD_ROLLUPS_JOB = 'rebuild-dashboard-rollups';

/** Whose rollups a rebuild recomputes: one customer, a provider's customers, or every customer. */
export interface RebuildScope {
  customerId?: string;
  partnerId?: string | null;
}

/** The customers a rebuild covers, in a stable order (so progress reads the same on a rerun). */
export async function rebuildTargets(db: Db, scope: RebuildScope): Promise<string[]> {
  const rows = await db
    .select({ id: customers.customerId })
    .from(customers)
    .where(
      scope.customerId
        ? eq(customers.customerId, scope.customerId)
        : scope.partnerId
          ? inArray(customers.partnerId, [scope.partnerId])
          : undefined,
    )
    .orderBy(asc(customers.name), asc(customers.customerId));
  return rows.map((row) => row.id);
}

/**
 * Recomputes one customer's rollups in one transaction, so the charts see the old figures or the
 * new ones, never a half-built set. Alert writes wait meanwhile (SHARE ROW EXCLUSIVE on alerts:
 * it lets readers through, stops every writer and is taken by one rebuild at a time), so nothing
 * written during the rebuild is counted twice or lost. Idempotent: the result depends only on the
 * alerts and their status changes. The status lists are those of migration 0036 (README).
 */
export async function rebuildCustomerRollups(db: Db, customerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table alerts in share row exclusive mode`);
    // First acknowledgement and first close from the activity log; the alerts trigger moves the
    // changed alerts in the rollups, which are recomputed below anyway.
    await tx.execute(sql`update alerts a set acknowledged_at = f.acknowledged_at, closed_at = f.closed_at
      from (
        select x.id,
          min(s.at) filter (where s.after #>> '{}' <> 'new') as acknowledged_at,
          min(s.at) filter (where s.after #>> '{}' = any ('{closed,false_positive,accepted_risk}'::text[])) as closed_at
        from alerts x left join alert_activity s on s.alert_id = x.id and s.field = 'status'
        where x.customer_id = ${customerId}
        group by x.id
      ) f
      where a.id = f.id and a.customer_id = ${customerId}
        and (a.acknowledged_at is distinct from f.acknowledged_at or a.closed_at is distinct from f.closed_at)`);
    for (const table of [
      'alert_rollup_hourly',
      'alert_rollup_daily',
      'alert_status_counts',
      'alert_response_rollup',
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where customer_id = ${customerId}`);
    await tx.execute(sql`insert into alert_rollup_hourly (customer_id, hour, priority, type, alerts, open)
      select customer_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', priority, type, count(*),
        count(*) filter (where status = any ('{new,open,acknowledged,escalated,deferred,reopened}'::text[]))
      from alerts where customer_id = ${customerId} group by 1, 2, 3, 4`);
    await tx.execute(sql`insert into alert_rollup_daily (customer_id, day, priority, type, alerts, open)
      select customer_id, (created_at at time zone 'UTC')::date, priority, type, count(*),
        count(*) filter (where status = any ('{new,open,acknowledged,escalated,deferred,reopened}'::text[]))
      from alerts where customer_id = ${customerId} group by 1, 2, 3, 4`);
    await tx.execute(sql`insert into alert_status_counts (customer_id, status, alerts)
      select customer_id, status, count(*) from alerts where customer_id = ${customerId} group by 1, 2`);
    await tx.execute(sql`insert into alert_response_rollup (customer_id, day, kind, bucket, alerts, seconds)
      select customer_id, day, kind, alert_response_bucket(seconds), count(*), sum(seconds)
      from (
        select customer_id, (created_at at time zone 'UTC')::date as day, 'acknowledge' as kind,
          extract(epoch from acknowledged_at - created_at)::float8 as seconds
        from alerts where customer_id = ${customerId} and acknowledged_at is not null
        union all
        select customer_id, (created_at at time zone 'UTC')::date, 'close', extract(epoch from closed_at - created_at)::float8
        from alerts where customer_id = ${customerId} and closed_at is not null
      ) times
      group by customer_id, day, kind, alert_response_bucket(seconds)`);
  });
}

/** Rebuilds every customer of the scope, one transaction each, reporting after each customer. */
export async function rebuildRollups(
  db: Db,
  scope: RebuildScope,
  progress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<number> {
  const targets = await rebuildTargets(db, scope);
  await progress(0, targets.length);
  for (const [index, customerId] of targets.entries()) {
    await rebuildCustomerRollups(db, customerId);
    await progress(index + 1, targets.length);
  }
  return targets.length;
}
