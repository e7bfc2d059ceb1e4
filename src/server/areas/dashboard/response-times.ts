import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import { dayOf, firstDayIn, spanFor, uuidArray } from './span.ts';

type Kind = 'acknowledge' | 'close';

/** One histogram bucket of a customer's response times over the span. */
interface BucketRow {
  customer_id: string;
  kind: Kind;
  alerts: number;
  seconds: number;
}

/**
 * The `p` quantile of the times a histogram holds, as percentile_cont would interpolate it over
 * the times, each time taken as its bucket's mean (buckets ascending; within 10% of the time).
 */
export function histogramQuantile(buckets: readonly { alerts: number; seconds: number }[], p: number) {
  const filled = buckets.filter((b) => b.alerts > 0);
  const total = filled.reduce((sum, b) => sum + b.alerts, 0);
  if (total === 0) return null;
  const valueAt = (index: number) => {
    let seen = 0;
    for (const b of filled) {
      seen += b.alerts;
      if (index < seen) return b.seconds / b.alerts;
    }
    const last = filled[filled.length - 1]!;
    return last.seconds / last.alerts;
  };
  const position = p * (total - 1);
  const below = Math.floor(position);
  const low = valueAt(below);
  return low + (position - below) * (valueAt(Math.ceil(position)) - low);
}

/** Per customer, the alerts created since `since` and their response-time histograms. */
async function readResponseRollups(tx: Db, customers: string, since: string) {
  return {
    totals: resultRows<{ customer_id: string; alerts: number }>(
      await tx.execute(sql`select customer_id, sum(alerts)::int as alerts from alert_rollup_daily
        where customer_id = any(${customers}::uuid[]) and day >= ${since}::date
        group by customer_id having sum(alerts) > 0 order by customer_id`),
    ),
    buckets: resultRows<BucketRow>(
      await tx.execute(sql`select customer_id, kind, sum(alerts)::int as alerts, sum(seconds)::float8 as seconds
        from alert_response_rollup
        where customer_id = any(${customers}::uuid[]) and day >= ${since}::date
        group by customer_id, kind, bucket having sum(alerts) > 0 order by customer_id, kind, bucket`),
    ),
  };
}

/**
 * Time to acknowledge and to close per customer, over the alerts created in the span's UTC days
 * (a one-day span is today so far): acknowledged is the first status change away from `new`,
 * closed the first change to a closing status, both from the alert activity log. Reads the
 * rollups (db/schema/dashboard.ts): alert counts per day and the response-time histograms.
 */
export const getDashboardResponseTimes: Handler<'getDashboardResponseTimes'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const days = request.query.days ?? 30;
  const customers = uuidArray(ids);
  const { totals, buckets } = await asReader(request, async (tx) => {
    const span = await spanFor(days, () => firstDayIn(tx, 'alert_rollup_daily', ids), 'day');
    return readResponseRollups(tx, customers, dayOf(span.since));
  });
  const seconds = (value: number | null) => (value === null ? null : Math.round(value));
  const timesOf = (customerId: string, kind: Kind) => {
    const histogram = buckets
      .filter((b) => b.customer_id === customerId && b.kind === kind)
      .map((b) => ({ alerts: b.alerts, seconds: Number(b.seconds) }));
    return {
      alerts: histogram.reduce((sum, b) => sum + b.alerts, 0),
      median_seconds: seconds(histogramQuantile(histogram, 0.5)),
      p90_seconds: seconds(histogramQuantile(histogram, 0.9)),
    };
  };
  return {
    customers: totals.map((row) => ({
      customer_id: row.customer_id,
      alerts: row.alerts,
      acknowledge: timesOf(row.customer_id, 'acknowledge'),
      close: timesOf(row.customer_id, 'close'),
    })),
  };
};
