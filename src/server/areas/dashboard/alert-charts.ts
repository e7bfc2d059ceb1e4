import { sql } from 'drizzle-orm';
import type { PRIORITIES } from '../../../common/statuses.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { bucketEnd, bucketKey, OPEN, spanOf, textArray, uuidArray } from './span.ts';

type Priority = (typeof PRIORITIES)[number];
type OpenStatus = 'new' | 'open' | 'acknowledged' | 'escalated' | 'deferred' | 'reopened';

/** Alerts created per hour or UTC day of the span, by priority; empty buckets answer zero. */
export const getDashboardAlertsOverTime: Handler<'getDashboardAlertsOverTime'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const span = spanOf(request.query.days ?? 30);
  const rows = await asCaller(request, async (tx) =>
    resultRows<{ bucket: string; priority: string; n: number }>(
      // Grouped by the truncated time first, written as text per group rather than per alert.
      await tx.execute(sql`select to_char(bucket, 'YYYY-MM-DD"T"HH24') as bucket, priority, n from (
          select date_trunc(${span.unit}, created_at at time zone 'UTC') as bucket, priority, count(*)::int as n
          from alerts
          where customer_id = any(${uuidArray(ids)}::uuid[]) and created_at >= ${span.since.toISOString()}::timestamptz
          group by 1, 2) counted`),
    ),
  );
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
  const rows = await asCaller(request, async (tx) =>
    resultRows<{ customer_id: string; status: OpenStatus; n: number }>(
      await tx.execute(sql`select customer_id, status, count(*)::int as n from alerts
        where customer_id = any(${uuidArray(ids)}::uuid[]) and status = any(${textArray(OPEN)}::text[])
        group by 1, 2`),
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
  const span = spanOf(request.query.days ?? 30);
  const types = await asCaller(request, async (tx) =>
    resultRows<{ type: string; total: number; open: number }>(
      await tx.execute(sql`select type, count(*)::int as total,
          (count(*) filter (where status = any(${textArray(OPEN)}::text[])))::int as open
        from alerts
        where customer_id = any(${uuidArray(ids)}::uuid[]) and created_at >= ${span.since.toISOString()}::timestamptz
        group by type order by total desc, type limit ${request.query.limit ?? 10}`),
    ),
  );
  return { types };
};
