import { sql } from 'drizzle-orm';
import { EARLIEST_INSTANT, LATEST_INSTANT } from '../../../common/calendar.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';

/** Customers without their own setting keep this many days of events. */
export const DEFAULT_RETENTION_DAYS = 30;
/** Partitions the job keeps ready ahead of today, so ingest rarely creates one itself. */
const DAYS_AHEAD = 3;
const DAY_MS = 86_400_000;

/**
 * The UTC day (YYYY-MM-DD) an instant falls on: the partition that holds it. Events arrive with
 * times inside the calendar (normalise.ts); anything else is held to its nearest end rather than
 * thrown on or named by a day no partition can have.
 */
export function dayOf(time: Date): string {
  const at = time.getTime();
  const held = Number.isNaN(at) ? EARLIEST_INSTANT : Math.min(Math.max(at, EARLIEST_INSTANT), LATEST_INSTANT);
  return new Date(held).toISOString().slice(0, 10);
}

/** Days whose partition this process knows exists, per database: each batch costs no catalogue look-up. */
const known = new WeakMap<Db, Set<string>>();
function knownDaysOf(db: Db): Set<string> {
  const days = known.get(db) ?? new Set<string>();
  known.set(db, days);
  return days;
}

/** Forgets what this process knows (another process dropped a partition, or the job runs). */
export function forgetPartitions(db: Db): void {
  known.delete(db);
}

/** Creates the partitions for the given days that do not exist yet (system connection: the app role may not). */
export async function ensurePartitions(db: Db, days: Iterable<string>): Promise<void> {
  const knownDays = knownDaysOf(db);
  for (const day of days) {
    if (knownDays.has(day)) continue;
    await db.execute(sql`select ensure_log_partition(${day}::date)`);
    knownDays.add(day);
  }
}

interface PartitionRow {
  name: string;
  day: string;
}

/** The event partitions that exist, oldest first, with the day each holds. */
export async function listPartitions(db: Db): Promise<PartitionRow[]> {
  const rows = resultRows<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'log_events'::regclass order by c.relname`),
  );
  return rows
    .map((row) => ({ name: row.name, match: /^log_events_(\d{4})(\d{2})(\d{2})$/.exec(row.name) }))
    .filter((row) => row.match)
    .map((row) => ({ name: row.name, day: `${row.match![1]}-${row.match![2]}-${row.match![3]}` }));
}

/**
 * Retention. A partition holds one day of every customer, so it is dropped whole once the longest
 * retention of any customer has passed it; customers who keep less lose their older rows from the
 * partitions that remain (a bounded delete over at most the difference in days).
 */
export async function enforceRetention(db: Db, now = new Date()) {
  const settings = resultRows<{ customer_id: string; days: number }>(
    await db.execute(sql`select customer_id, days from log_retention`),
  );
  const longest = Math.max(DEFAULT_RETENTION_DAYS, ...settings.map((s) => s.days));
  const firstKept = dayOf(new Date(now.getTime() - longest * DAY_MS));
  const dropped: string[] = [];
  forgetPartitions(db);
  for (const partition of await listPartitions(db)) {
    if (partition.day >= firstKept) continue;
    await db.execute(sql.raw(`drop table if exists "${partition.name}"`));
    dropped.push(partition.name);
  }
  // Customers keeping less than the longest: the default for those without a row, theirs otherwise.
  const shorter = settings.filter((s) => s.days < longest);
  let deleted = 0;
  for (const setting of shorter) {
    const cutoff = new Date(now.getTime() - setting.days * DAY_MS);
    deleted += await deleteOlder(db, sql`customer_id = ${setting.customer_id}`, cutoff);
  }
  if (DEFAULT_RETENTION_DAYS < longest) {
    const cutoff = new Date(now.getTime() - DEFAULT_RETENTION_DAYS * DAY_MS);
    deleted += await deleteOlder(db, sql`customer_id not in (select customer_id from log_retention)`, cutoff);
  }
  return { dropped, deleted };
}

async function deleteOlder(db: Db, who: ReturnType<typeof sql>, cutoff: Date): Promise<number> {
  const rows = resultRows<{ n: number }>(
    await db.execute(sql`with gone as (delete from log_events where ${who} and time < ${cutoff.toISOString()}::timestamptz returning 1)
      select count(*)::int as n from gone`),
  );
  return rows[0]?.n ?? 0;
}

/** The log-partitions job: today's and the next days' partitions exist, expired ones are gone. */
export async function maintainLogPartitions(db: Db, now = new Date()) {
  const days = Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => dayOf(new Date(now.getTime() + i * DAY_MS)));
  forgetPartitions(db);
  await ensurePartitions(db, days);
  return enforceRetention(db, now);
}
