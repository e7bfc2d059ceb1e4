import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/tenancy.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import { dayOf, firstDayIn, spanFor, uuidArray } from './span.ts';

/**
 * GET /dashboard/ingest (spec 2, section 7): events and bytes ingested per UTC day and per
 * customer over the span (all time: from the first metered day), read from the log usage metering (the hourly `log-usage` job), never
 * from a scan of the events.
 */
export const getDashboardIngest: Handler<'getDashboardIngest'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const days = request.query.days ?? 30;
  const { starts, rows } = await asReader(request, async (tx) => {
    const { starts, since } = await spanFor(days, () => firstDayIn(tx, 'log_usage', ids), 'day');
    const rows = resultRows<{ customer_id: string; day: string; events: number; bytes: number }>(
      await tx.execute(sql`select customer_id, day::text as day, sum(events)::float8 as events, sum(bytes)::float8 as bytes
        from log_usage where customer_id = any(${uuidArray(ids)}::uuid[]) and day >= ${dayOf(since)}::date
        group by 1, 2`),
    );
    return { starts, rows };
  });
  const perDay = new Map(starts.map((s) => [s.toISOString().slice(0, 10), { events: 0, bytes: 0 }]));
  const perCustomer = new Map<string, { events: number; bytes: number }>();
  for (const row of rows) {
    const day = perDay.get(row.day);
    if (day) {
      day.events += row.events;
      day.bytes += row.bytes;
    }
    const customer = perCustomer.get(row.customer_id) ?? { events: 0, bytes: 0 };
    customer.events += row.events;
    customer.bytes += row.bytes;
    perCustomer.set(row.customer_id, customer);
  }
  return {
    days: [...perDay].map(([day, f]) => ({ day, ...f })),
    customers: [...perCustomer]
      .map(([customer_id, f]) => ({ customer_id, ...f }))
      .sort((a, b) => b.bytes - a.bytes || a.customer_id.localeCompare(b.customer_id)),
  };
};
