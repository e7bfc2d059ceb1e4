import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { endExclusive, type Period } from '../period.ts';

/** Events and bytes ingested per day of the period, from the hourly log usage metering. */
export async function readLogVolume(tx: Db, customerId: string, period: Period) {
  const rows = resultRows<{ day: string; events: number; bytes: number }>(
    await tx.execute(sql`select day::text as day, sum(events)::float8 as events, sum(bytes)::float8 as bytes
      from log_usage where customer_id = ${customerId} and day between ${period.start}::date and ${period.end}::date
      group by day order by day`),
  );
  const days = rows.map((row) => ({ day: row.day, events: Number(row.events), bytes: Number(row.bytes) }));
  return {
    events: days.reduce((sum, d) => sum + d.events, 0),
    bytes: days.reduce((sum, d) => sum + d.bytes, 0),
    days,
  };
}

/** Lookalikes of the customer's domains first seen registered in the period, riskiest first. */
export async function readLookalikes(tx: Db, customerId: string, period: Period, limit: number) {
  const found = resultRows<{
    name: string;
    domain: string;
    classification: string;
    risk: number;
    first_seen: string;
  }>(
    await tx.execute(sql`select l.name, d.name as domain, l.classification, l.risk, to_char(l.first_seen at time zone 'UTC', 'YYYY-MM-DD') as first_seen
      from lookalikes l join monitored_domains d on d.uid = l.domain_uid
      where l.customer_id = ${customerId} and l.registered
        and l.first_seen >= ${period.start}::date and l.first_seen < ${endExclusive(period)}::timestamptz
      order by l.risk desc, l.name`),
  );
  return { found: found.length, top: found.slice(0, limit) };
}

/** Breach look-ups of the customer's accounts finished in the period, with how many breaches each found. */
export async function readBreachLookups(tx: Db, customerId: string, period: Period, limit: number) {
  const rows = resultRows<{ account: string; status: string; breaches: number; finished: string | null }>(
    await tx.execute(sql`select account, status, jsonb_array_length(breaches)::int as breaches,
        to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD') as finished
      from breach_lookups
      where customer_id = ${customerId} and requested_at >= ${period.start}::date and requested_at < ${endExclusive(period)}::timestamptz
      order by jsonb_array_length(breaches) desc, account`),
  );
  return {
    looked_up: rows.length,
    breached: rows.filter((row) => row.breaches > 0).length,
    top: rows.slice(0, limit),
  };
}
