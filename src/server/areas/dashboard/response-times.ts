import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/tenancy.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { CLOSING_STATUSES, spanOf, textArray, uuidArray } from './span.ts';

interface Row {
  customer_id: string;
  alerts: number;
  acknowledged: number;
  ack_median: number | null;
  ack_p90: number | null;
  closed: number;
  close_median: number | null;
  close_p90: number | null;
}

/**
 * Time to acknowledge and to close per customer, over the alerts created in the span, from the
 * alert activity log: acknowledged is the first status change away from `new`, closed the first
 * change to a closing status. Status changes come after creation, so only those since the
 * span's start are read, grouped per alert, then joined to the span's alerts (one pass over each
 * rather than a look-up per alert). Both sides are limited to the customers, and row-level
 * security underneath.
 */
export const getDashboardResponseTimes: Handler<'getDashboardResponseTimes'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const span = spanOf(request.query.days ?? 30);
  const customers = uuidArray(ids);
  const since = span.since.toISOString();
  const rows = await asCaller(request, async (tx) =>
    resultRows<Row>(
      await tx.execute(sql`with firsts as (
          select s.alert_id,
            min(s.at) filter (where s.after #>> '{}' <> 'new') as acknowledged_at,
            min(s.at) filter (where s.after #>> '{}' = any(${textArray(CLOSING_STATUSES)}::text[])) as closed_at
          from alert_activity s
          where s.field = 'status' and s.customer_id = any(${customers}::uuid[]) and s.at >= ${since}::timestamptz
          group by s.alert_id),
        seconds as (
          select a.customer_id,
            extract(epoch from f.acknowledged_at - a.created_at)::float8 as ack,
            extract(epoch from f.closed_at - a.created_at)::float8 as close
          from alerts a left join firsts f on f.alert_id = a.id
          where a.customer_id = any(${customers}::uuid[]) and a.created_at >= ${since}::timestamptz)
        select customer_id, count(*)::int as alerts,
          count(ack)::int as acknowledged,
          percentile_cont(0.5) within group (order by ack) as ack_median,
          percentile_cont(0.9) within group (order by ack) as ack_p90,
          count(close)::int as closed,
          percentile_cont(0.5) within group (order by close) as close_median,
          percentile_cont(0.9) within group (order by close) as close_p90
        from seconds group by customer_id order by customer_id`),
    ),
  );
  const seconds = (value: number | null) => (value === null ? null : Math.round(Number(value)));
  return {
    customers: rows.map((r) => ({
      customer_id: r.customer_id,
      alerts: r.alerts,
      acknowledge: {
        alerts: r.acknowledged,
        median_seconds: seconds(r.ack_median),
        p90_seconds: seconds(r.ack_p90),
      },
      close: { alerts: r.closed, median_seconds: seconds(r.close_median), p90_seconds: seconds(r.close_p90) },
    })),
  };
};
