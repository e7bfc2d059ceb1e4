import { sql } from 'drizzle-orm';
import { PRIORITIES, type Priority } from '../../../../common/statuses.ts';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { histogramQuantile } from '../../dashboard/index.ts';
import type { DeviceScope } from '../azure-scope.ts';
import { endExclusive, type Period } from '../period.ts';
import { alertOnScope } from './devices.ts';

/** Closing statuses, as the dashboard's rollups count a close (dashboard/span.ts). */
const CLOSING = ['closed', 'false_positive', 'accepted_risk'];
const CLOSING_ARRAY = `{${CLOSING.join(',')}}`;
/** Open statuses, as the daily rollup counts `open` (dashboard/rebuild.ts). */
const OPEN_ARRAY = '{new,open,acknowledged,escalated,deferred,reopened}';

const zeroPriorities = (): Record<Priority, number> => ({ critical: 0, high: 0, medium: 0, low: 0 });

/**
 * The headline figures of the alerts and cases created in the period: alerts by priority (the
 * dashboard's daily rollup) and by status now, median and p90 time to acknowledge and close (its
 * response histograms), cases opened and closed.
 */
export async function readKpis(tx: Db, customerId: string, period: Period, scope: DeviceScope | null = null) {
  if (scope) return readScopedKpis(tx, customerId, period, scope);
  const byPriority = resultRows<{ priority: string; n: number }>(
    await tx.execute(sql`select priority, sum(alerts)::int as n from alert_rollup_daily
      where customer_id = ${customerId} and day between ${period.start}::date and ${period.end}::date
      group by priority`),
  );
  const byStatus = resultRows<{ status: string; n: number }>(
    await tx.execute(sql`select status, count(*)::int as n from alerts
      where customer_id = ${customerId} and created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz
      group by status order by n desc, status`),
  );
  const histogram = resultRows<{ kind: string; alerts: number; seconds: number }>(
    await tx.execute(sql`select kind, sum(alerts)::int as alerts, sum(seconds)::float8 as seconds
      from alert_response_rollup
      where customer_id = ${customerId} and day between ${period.start}::date and ${period.end}::date
      group by kind, bucket having sum(alerts) > 0 order by kind, bucket`),
  );
  const [cases] = resultRows<{ opened: number; closed: number }>(
    await tx.execute(sql`select
        count(*) filter (where created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz)::int as opened,
        count(*) filter (where status = any(${CLOSING_ARRAY}::text[])
          and updated_at >= ${period.start}::date and updated_at < ${endExclusive(period)}::timestamptz)::int as closed
      from cases where customer_id = ${customerId}`),
  );
  const timesOf = (kind: 'acknowledge' | 'close') => {
    const buckets = histogram
      .filter((b) => b.kind === kind)
      .map((b) => ({ alerts: b.alerts, seconds: Number(b.seconds) }));
    return {
      alerts: buckets.reduce((sum, b) => sum + b.alerts, 0),
      median_seconds: round(histogramQuantile(buckets, 0.5)),
      p90_seconds: round(histogramQuantile(buckets, 0.9)),
    };
  };
  return kpisOf(byPriority, byStatus, timesOf('acknowledge'), timesOf('close'), cases);
}

const round = (value: number | null) => (value === null ? null : Math.round(value));

interface ResponseTimes {
  alerts: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

function kpisOf(
  byPriority: { priority: string; n: number }[],
  byStatus: { status: string; n: number }[],
  acknowledge: ResponseTimes,
  close: ResponseTimes,
  cases: { opened: number; closed: number } | undefined,
) {
  const priorities = zeroPriorities();
  for (const row of byPriority) if (row.priority in priorities) priorities[row.priority as Priority] += row.n;
  return {
    alerts: PRIORITIES.reduce((sum, p) => sum + priorities[p], 0),
    by_priority: priorities,
    by_status: Object.fromEntries(byStatus.map((row) => [row.status, row.n])),
    acknowledge,
    close,
    cases_opened: cases?.opened ?? 0,
    cases_closed: cases?.closed ?? 0,
  };
}

/**
 * The headline figures of the alerts on the Azure groups' devices only, read from the alerts
 * themselves (the rollups do not know devices): times are exact percentiles of the alerts created
 * in the period; cases are those with an alert on the devices.
 */
async function readScopedKpis(tx: Db, customerId: string, period: Period, scope: DeviceScope) {
  const inPeriod = sql`created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz`;
  const onDevices = alertOnScope(scope, customerId);
  const byPriority = resultRows<{ priority: string; n: number }>(
    await tx.execute(sql`select priority, count(*)::int as n from alerts
      where customer_id = ${customerId} and ${inPeriod} and ${onDevices} group by priority`),
  );
  const byStatus = resultRows<{ status: string; n: number }>(
    await tx.execute(sql`select status, count(*)::int as n from alerts
      where customer_id = ${customerId} and ${inPeriod} and ${onDevices}
      group by status order by n desc, status`),
  );
  const timesOf = async (column: 'acknowledged_at' | 'closed_at'): Promise<ResponseTimes> => {
    const at = sql.raw(column);
    const [row] = resultRows<{ alerts: number; median: number | null; p90: number | null }>(
      await tx.execute(sql`select count(*)::int as alerts,
          percentile_cont(0.5) within group (order by extract(epoch from ${at} - created_at))::float8 as median,
          percentile_cont(0.9) within group (order by extract(epoch from ${at} - created_at))::float8 as p90
        from alerts
        where customer_id = ${customerId} and ${inPeriod} and ${at} is not null and ${onDevices}`),
    );
    return {
      alerts: row?.alerts ?? 0,
      median_seconds: round(row?.median ?? null),
      p90_seconds: round(row?.p90 ?? null),
    };
  };
  const [cases] = resultRows<{ opened: number; closed: number }>(
    await tx.execute(sql`select
        count(*) filter (where created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz)::int as opened,
        count(*) filter (where status = any(${CLOSING_ARRAY}::text[])
          and updated_at >= ${period.start}::date and updated_at < ${endExclusive(period)}::timestamptz)::int as closed
      from cases where customer_id = ${customerId}
        and exists (select 1 from alerts where alerts.case_id = cases.id and ${onDevices})`),
  );
  return kpisOf(byPriority, byStatus, await timesOf('acknowledged_at'), await timesOf('closed_at'), cases);
}

/** Alerts created per week (Monday first) of the period by priority; a week's period per day. */
export async function readAlertsOverTime(
  tx: Db,
  customerId: string,
  period: Period,
  scope: DeviceScope | null = null,
) {
  const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000 + 1;
  const unit = days > 31 ? 'week' : 'day';
  const rows = resultRows<{ bucket: string; priority: string; n: number }>(
    await tx.execute(
      scope
        ? // The alerts on the groups' devices, by their UTC day as the rollups count them.
          sql`select to_char(date_trunc(${unit}, (created_at at time zone 'UTC')::date::timestamp), 'YYYY-MM-DD') as bucket, priority, count(*)::int as n
            from alerts
            where customer_id = ${customerId} and created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz
              and ${alertOnScope(scope, customerId)}
            group by 1, 2`
        : sql`select to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD') as bucket, priority, sum(alerts)::int as n
            from alert_rollup_daily
            where customer_id = ${customerId} and day between ${period.start}::date and ${period.end}::date
            group by 1, 2`,
    ),
  );
  const buckets = new Map<string, Record<Priority, number>>();
  // Every bucket of the period, empty ones as zero, in order.
  const cursor = new Date(`${period.start}T00:00:00Z`);
  if (unit === 'week') cursor.setUTCDate(cursor.getUTCDate() - ((cursor.getUTCDay() + 6) % 7));
  while (cursor.toISOString().slice(0, 10) <= period.end) {
    buckets.set(cursor.toISOString().slice(0, 10), zeroPriorities());
    cursor.setUTCDate(cursor.getUTCDate() + (unit === 'week' ? 7 : 1));
  }
  for (const row of rows) {
    const bucket = buckets.get(row.bucket);
    if (bucket && row.priority in bucket) bucket[row.priority as Priority] += row.n;
  }
  return { unit, buckets: [...buckets].map(([start, counts]) => ({ start, ...counts })) };
}

/** The most frequent alert types created in the period, with how many are still open. */
export async function readTopAlertTypes(
  tx: Db,
  customerId: string,
  period: Period,
  limit: number,
  scope: DeviceScope | null = null,
) {
  const types = resultRows<{ type: string; total: number; open: number }>(
    await tx.execute(
      scope
        ? sql`select type, count(*)::int as total, count(*) filter (where status = any(${OPEN_ARRAY}::text[]))::int as open
            from alerts
            where customer_id = ${customerId} and created_at >= ${period.start}::date and created_at < ${endExclusive(period)}::timestamptz
              and ${alertOnScope(scope, customerId)}
            group by type order by total desc, type limit ${limit}`
        : sql`select type, sum(alerts)::int as total, sum(open)::int as open
            from alert_rollup_daily
            where customer_id = ${customerId} and day between ${period.start}::date and ${period.end}::date
            group by type having sum(alerts) > 0
            order by total desc, type limit ${limit}`,
    ),
  );
  return { types };
}
