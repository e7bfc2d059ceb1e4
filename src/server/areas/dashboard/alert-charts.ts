import { sql } from 'drizzle-orm';
import type { PRIORITIES } from '../../../common/statuses.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  bucketEnd,
  bucketKey,
  dayOf,
  firstDayIn,
  OPEN,
  rollupOf,
  sinceOf,
  spanFor,
  textArray,
  uuidArray,
} from './span.ts';

type Priority = (typeof PRIORITIES)[number];
type OpenStatus = 'new' | 'open' | 'acknowledged' | 'escalated' | 'deferred' | 'reopened';

/** Alerts created per hour or UTC day of the span, by priority, from the rollups; empty buckets answer zero. */
export const getDashboardAlertsOverTime: Handler<'getDashboardAlertsOverTime'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const days = request.query.days ?? 30;
  const { span, rows } = await asReader(request, async (tx) => {
    const span = await spanFor(days, () => firstDayIn(tx, 'alert_rollup_daily', ids));
    const rows = resultRows<{ bucket: string; priority: string; n: number }>(
      await tx.execute(
        span.unit === 'hour'
          ? sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as bucket, priority, sum(alerts)::int as n
              from alert_rollup_hourly
              where customer_id = any(${uuidArray(ids)}::uuid[]) and hour >= ${span.since.toISOString()}::timestamptz
              group by hour, priority`
          : sql`select to_char(day, 'YYYY-MM-DD"T00"') as bucket, priority, sum(alerts)::int as n
              from alert_rollup_daily
              where customer_id = any(${uuidArray(ids)}::uuid[]) and day >= ${dayOf(span.since)}::date
              group by day, priority`,
      ),
    );
    return { span, rows };
  });
  const counts = new Map<string, Record<Priority, number>>();
  for (const start of span.starts) counts.set(bucketKey(start), { critical: 0, high: 0, medium: 0, low: 0 });
  for (const row of rows) {
    const bucket = counts.get(row.bucket);
    if (bucket && row.priority in bucket) bucket[row.priority as Priority] += row.n;
  }
  return {
    bucket: span.unit,
    buckets: span.starts.map((start) => ({
      start: start.toISOString(),
      end: bucketEnd(span, start).toISOString(),
      ...counts.get(bucketKey(start))!,
    })),
  };
};

/** Open alerts now, per customer and status, the customers with most first. */
export const getDashboardOpenAlerts: Handler<'getDashboardOpenAlerts'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const rows = await asReader(request, async (tx) =>
    resultRows<{ customer_id: string; status: OpenStatus; n: number }>(
      await tx.execute(sql`select customer_id, status, alerts as n from alert_status_counts
        where customer_id = any(${uuidArray(ids)}::uuid[]) and status = any(${textArray(OPEN)}::text[])
          and alerts > 0`),
    ),
  );
  const customers = new Map<string, { total: number; statuses: Record<OpenStatus, number> }>();
  for (const row of rows) {
    const entry = customers.get(row.customer_id) ?? {
      total: 0,
      statuses: { new: 0, open: 0, acknowledged: 0, escalated: 0, deferred: 0, reopened: 0 },
    };
    entry.statuses[row.status] += row.n;
    entry.total += row.n;
    customers.set(row.customer_id, entry);
  }
  return {
    customers: [...customers]
      .map(([customer_id, entry]) => ({ customer_id, ...entry }))
      .sort((a, b) => b.total - a.total || a.customer_id.localeCompare(b.customer_id)),
  };
};

/** The most frequent alert types created in the span, with how many of them are open. */
export const getDashboardAlertTypes: Handler<'getDashboardAlertTypes'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const days = request.query.days ?? 30;
  const types = await asReader(request, async (tx) => {
    const span = await spanFor(days, () => firstDayIn(tx, 'alert_rollup_daily', ids));
    return resultRows<{ type: string; total: number; open: number }>(
      await tx.execute(sql`select type, sum(alerts)::int as total, sum(open)::int as open
        from ${rollupOf(span)}
        where customer_id = any(${uuidArray(ids)}::uuid[]) and ${sinceOf(span)}
        group by type having sum(alerts) > 0
        order by total desc, type limit ${request.query.limit ?? 10}`),
    );
  });
  return { types };
};
