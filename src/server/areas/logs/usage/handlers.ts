import { eq, sql } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import { logRetention } from '../../../db/schema/index.ts';
import { resultRows } from '../../../db/tenancy.ts';
import type { Handler } from '../../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../../platform/scope.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { DEFAULT_RETENTION_DAYS } from '../partitions.ts';

interface UsageRow {
  customer_id: string;
  day: string;
  source: string;
  events: number;
  bytes: number;
}

const DAY = 86_400_000;
const figure = () => ({ events: 0, bytes: 0 });

/**
 * The log retention screen's figures, from the metered usage (never a scan of the events): what
 * is stored is the usage of the days still inside the customer's retention, by type (source) and
 * in all; `days` is usage per day over the asked span, days without events included as zero.
 */
export const getLogRetention: Handler<'getLogRetention'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const span = request.query.days ?? 90;
  const today = Math.floor(Date.now() / DAY) * DAY;
  const { retention, usage } = await asCaller(request, async (tx) => {
    const customers = `{${ids.join(',')}}`;
    const retention = resultRows<{ customer_id: string; days: number }>(
      await tx.execute(
        sql`select customer_id, days from log_retention where customer_id = any(${customers}::uuid[])`,
      ),
    );
    const longest = Math.max(span, DEFAULT_RETENTION_DAYS, ...retention.map((r) => r.days));
    const since = new Date(today - (longest - 1) * DAY).toISOString().slice(0, 10);
    const usage = resultRows<UsageRow>(
      await tx.execute(sql`select customer_id, day::text as day, source, events::float8 as events, bytes::float8 as bytes
        from log_usage where customer_id = any(${customers}::uuid[]) and day >= ${since}::date order by day`),
    );
    return { retention, usage };
  });
  const keeps = new Map(retention.map((r) => [r.customer_id, r.days]));
  return {
    customers: ids.map((customerId) => {
      const days = keeps.get(customerId) ?? DEFAULT_RETENTION_DAYS;
      const keptFrom = new Date(today - (days - 1) * DAY).toISOString().slice(0, 10);
      const shownFrom = new Date(today - (span - 1) * DAY).toISOString().slice(0, 10);
      const stored = figure();
      const byType = new Map<string, { events: number; bytes: number }>();
      const perDay = new Map<string, { events: number; bytes: number }>();
      for (let i = span - 1; i >= 0; i--)
        perDay.set(new Date(today - i * DAY).toISOString().slice(0, 10), figure());
      for (const row of usage) {
        if (row.customer_id !== customerId) continue;
        if (row.day >= keptFrom) {
          stored.events += row.events;
          stored.bytes += row.bytes;
          const type = byType.get(row.source) ?? figure();
          type.events += row.events;
          type.bytes += row.bytes;
          byType.set(row.source, type);
        }
        const day = row.day >= shownFrom ? perDay.get(row.day) : undefined;
        if (day) {
          day.events += row.events;
          day.bytes += row.bytes;
        }
      }
      return {
        customer_id: customerId,
        retention_days: days,
        stored,
        by_type: [...byType]
          .map(([source, f]) => ({ source, ...f }))
          .sort((a, b) => b.bytes - a.bytes || a.source.localeCompare(b.source)),
        days: [...perDay].map(([day, f]) => ({ day, ...f })),
      };
    }),
  };
};

/**
 * Sets a customer's retention. It is the provider's service level, so only its staff who may
 * change data set it; the `log-partitions` job deletes what falls outside it at its next run.
 */
export const setLogRetention: Handler<'setLogRetention'> = async (request) => {
  const principal = principalOf(request);
  const customerId = request.params.customer_id;
  requireVisibleCustomer(principal, customerId);
  const days = request.body.days;
  const previous = await asCaller(request, async (tx) => {
    const [before] = await tx
      .select({ days: logRetention.days })
      .from(logRetention)
      .where(eq(logRetention.customerId, customerId));
    const previousDays = before?.days ?? DEFAULT_RETENTION_DAYS;
    await tx
      .insert(logRetention)
      .values({ customerId, days })
      .onConflictDoUpdate({ target: logRetention.customerId, set: { days, updatedAt: new Date() } });
    await audit(tx, principal, {
      action: 'update',
      entity: 'log_retention',
      entityId: customerId,
      customerId,
      before: { days: previousDays },
      after: { days },
    });
    return previousDays;
  });
  return { customer_id: customerId, retention_days: days, previous_days: previous };
};
