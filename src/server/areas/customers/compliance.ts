import { sql } from 'drizzle-orm';
import { toCsv } from '../../../common/csv.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';

const DAY = 86_400_000;
/** The longest range one request covers: a year of daily rows (leap years included). */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
export const NO_COMPLIANCE_SKU =
  'This customer has no compliance SKU: compliance data is kept only for customers with one.';

export interface ComplianceQuery {
  from?: string;
  to?: string;
  min_bytes?: number;
  max_bytes?: number;
}

export interface ComplianceRange {
  from: string;
  to: string;
  minBytes: number | null;
  maxBytes: number | null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOf = (text: string, field: string) => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || isoDay(ms) !== text) throw badRequest(field, 'must be a date (YYYY-MM-DD).');
  return ms;
};

/** The asked range (the last 30 days to today unless given) and size bounds; a 400 naming the bad parameter. */
export function complianceRange(query: ComplianceQuery, now = Date.now()): ComplianceRange {
  const today = Math.floor(now / DAY) * DAY;
  const to = query.to ? dayOf(query.to, 'querystring.to') : today;
  const from = query.from ? dayOf(query.from, 'querystring.from') : to - (DEFAULT_RANGE_DAYS - 1) * DAY;
  if (from > to) throw badRequest('querystring.from', 'must not be after the end of the range.');
  if ((to - from) / DAY + 1 > MAX_RANGE_DAYS)
    throw badRequest('querystring.from', `The range may cover at most ${MAX_RANGE_DAYS} days.`);
  const minBytes = query.min_bytes ?? null;
  const maxBytes = query.max_bytes ?? null;
  if (minBytes !== null && maxBytes !== null && minBytes > maxBytes)
    throw badRequest('querystring.min_bytes', 'must not be larger than the maximum size.');
  return { from: isoDay(from), to: isoDay(to), minBytes, maxBytes };
}

interface Figure {
  events: number;
  bytes: number;
}

/**
 * The log data kept for compliance: the metered volume (log usage, never a scan of the events) by
 * day and type within the range; the size filters keep the rows whose daily bytes lie within the
 * bounds. Totals are of the rows kept.
 */
export async function complianceData(tx: Db, customerId: string, range: ComplianceRange) {
  const rows = resultRows<{ day: string; source: string } & Figure>(
    await tx.execute(sql`select day::text as day, source, events::float8 as events, bytes::float8 as bytes
      from log_usage
      where customer_id = ${customerId}::uuid and day between ${range.from}::date and ${range.to}::date
        and (${range.minBytes}::bigint is null or bytes >= ${range.minBytes}::bigint)
        and (${range.maxBytes}::bigint is null or bytes <= ${range.maxBytes}::bigint)
      order by day desc, bytes desc, source`),
  );
  const total: Figure = { events: 0, bytes: 0 };
  const byType = new Map<string, Figure>();
  for (const row of rows) {
    total.events += row.events;
    total.bytes += row.bytes;
    const type = byType.get(row.source) ?? { events: 0, bytes: 0 };
    type.events += row.events;
    type.bytes += row.bytes;
    byType.set(row.source, type);
  }
  return {
    customer_id: customerId,
    from: range.from,
    to: range.to,
    min_bytes: range.minBytes,
    max_bytes: range.maxBytes,
    total,
    by_type: [...byType]
      .map(([source, f]) => ({ source, ...f }))
      .sort((a, b) => b.bytes - a.bytes || a.source.localeCompare(b.source)),
    days: rows.map((r) => ({ day: r.day, source: r.source, events: r.events, bytes: r.bytes })),
  };
}

export type ComplianceData = Awaited<ReturnType<typeof complianceData>>;

/** The rows as CSV through the one CSV writer (every field quoted, formulas neutralised). */
export function complianceCsv(data: ComplianceData): string {
  return toCsv(
    ['day', 'type', 'events', 'bytes'],
    data.days.map((d) => [d.day, d.source, d.events, d.bytes]),
  );
}
