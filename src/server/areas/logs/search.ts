import { type SQL, sql } from 'drizzle-orm';
import { resultRows, VISIBLE_LOG_EVENTS } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { fieldRef } from './fields.ts';
import { compileFilters, type SearchFilter } from './filters.ts';
import { compileTerm, type QueryMode } from './query.ts';

/** The caller's customers' events (a view applying the tenant predicate; see db/tenancy.ts). */
const EVENTS = sql.raw(VISIBLE_LOG_EVENTS);

/** A search as its job keeps it: everything needed to read the same events again. */
export interface StoredSearch {
  mode: QueryMode;
  search_term: string;
  filters: SearchFilter[];
  source: string | null;
  from: string | null;
  to: string;
  customer_ids: string[];
  /** A relative period's length in seconds (0 for all time); running it again moves it to now. */
  range_seconds?: number | null;
}

/** The search's events: the caller's customers, the period, the source, the term and the filters. */
export function whereOf(search: StoredSearch): SQL {
  const customers = `{${search.customer_ids.join(',')}}`;
  // One customer (every customer user, and staff narrowed to one) as plain equality: then the
  // newest-first page walks the (customer, time) key backwards and stops at the page, where
  // `= any(array)` makes PostgreSQL read and sort every match (pages over several customers
  // merge one such walk per customer instead: `searchPage`).
  const customer =
    search.customer_ids.length === 1
      ? sql`customer_id = ${search.customer_ids[0]}::uuid`
      : sql`customer_id = any(${customers}::uuid[])`;
  return sql`${customer} and ${conditionsOf(search)}`;
}

/** Everything but the customers: the period, the source, the term and the filters. */
function conditionsOf(search: StoredSearch): SQL {
  const parts = [
    sql`time <= ${search.to}::timestamptz`,
    compileTerm(search.search_term, search.mode),
    compileFilters(search.filters),
  ];
  if (search.from) parts.push(sql`time >= ${search.from}::timestamptz`);
  if (search.source) parts.push(sql`source = ${search.source}`);
  return sql.join(parts, sql` and `);
}

export interface EventHit {
  id: string;
  time: string;
  customer_id: string;
  source: string;
  host: string | null;
  src_ip: string | null;
  dst_ip: string | null;
  user: string | null;
  event_id: number | null;
  severity: string | null;
  message: string | null;
  raw: Record<string, unknown>;
}

const isCursor = (values: unknown[]): values is [string, string] =>
  values.length === 2 &&
  typeof values[0] === 'string' &&
  !Number.isNaN(new Date(values[0]).getTime()) &&
  typeof values[1] === 'string' &&
  /^\d{1,19}$/.test(values[1]);

/** One page, newest first, keyset-paged on (time, id) to any depth; the cursor is the last row's. */
export async function searchPage(tx: Db, search: StoredSearch, size: number, after: string | undefined) {
  let keyset = sql`true`;
  if (after) {
    const [time, id] = decodeCursor(after, isCursor);
    keyset = sql`(time, id) < (${time}::timestamptz, ${id}::bigint)`;
  }
  const columns = sql`id::text as id, to_char(time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_time,
    time, customer_id, source, host, host(src_ip) as src_ip, host(dst_ip) as dst_ip, user_name as "user",
    event_id, severity, message, raw`;
  // Ordered by the columns themselves (`e.id` is the bigint; a bare `id` would be the text above).
  const order = sql`order by e.time desc, e.id desc limit ${size + 1}`;
  // Several customers (staff): the newest page of each customer, each read backwards along the
  // (customer, time, id) key and stopped at the page, then merged; a single `= any(array)` scan
  // would read and sort every match of every customer.
  const query =
    search.customer_ids.length > 1
      ? sql`select ${columns} from unnest(${`{${search.customer_ids.join(',')}}`}::uuid[]) as scope(customer)
        cross join lateral (select * from ${EVENTS} where customer_id = scope.customer and ${conditionsOf(search)}
          and ${keyset} order by time desc, id desc limit ${size + 1}) e
        ${order}`
      : sql`select ${columns} from ${EVENTS} e where ${whereOf(search)} and ${keyset} ${order}`;
  const rows = resultRows<EventHit & { cursor_time: string }>(await tx.execute(query));
  const more = rows.length > size;
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    results: page.map(({ cursor_time, ...hit }) => ({ ...hit, time: new Date(hit.time).toISOString() })),
    search_after: more && last ? encodeCursor([last.cursor_time, last.id]) : null,
  };
}

export async function countOf(tx: Db, search: StoredSearch): Promise<number> {
  const rows = resultRows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${EVENTS} where ${whereOf(search)}`),
  );
  return rows[0]?.n ?? 0;
}

/**
 * Exact top values of a field: `n` events of `total` carry it; every count is exact. One pass
 * over the events: the values are grouped (events without the field as one null group) and the
 * totals are window sums over all groups before the limit.
 */
export async function topValues(tx: Db, search: StoredSearch, field: string, limit: number) {
  const ref = fieldRef(field, 'field');
  const rows = await withParallelAggregate(tx, async () =>
    resultRows<{ value: string | null; count: number; with_field: number; total: number }>(
      await tx.execute(sql`select value, count::int, (sum(count) filter (where value is not null) over ())::int as with_field,
        (sum(count) over ())::int as total
      from (select ${ref.text} as value, count(*) as count from ${EVENTS} where ${whereOf(search)} group by 1) grouped
      order by value is null, count desc, value limit ${limit + 1}`),
    ),
  );
  const values = rows.filter((row) => row.value !== null).slice(0, limit);
  return {
    field,
    values: values.map(({ value, count }) => ({ value: value!, count })),
    with_field: rows[0]?.with_field ?? 0,
    total: rows[0]?.total ?? 0,
    sampled: false,
  };
}

const STEPS = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 10800, 21600, 43200, 86400, 604800];

/**
 * Hits over time in about 60 buckets of a round size; the start is the period's or the first
 * event's. The buckets follow the whole period; the counts are those of `counted` (the part a
 * running search has scanned so far, newest first), so a running search's chart fills in from
 * the right with the same buckets it ends with.
 */
export async function hitsOverTime(tx: Db, search: StoredSearch, counted: StoredSearch | null = search) {
  let from = search.from;
  if (!from) {
    const [first] = resultRows<{ first: string | null }>(
      await tx.execute(sql`select min(time)::text as first from ${EVENTS} where ${whereOf(search)}`),
    );
    from = first?.first ? new Date(first.first).toISOString() : search.to;
  }
  const span = Math.max(1, (new Date(search.to).getTime() - new Date(from).getTime()) / 1000);
  const step = STEPS.find((s) => span / s <= 60) ?? 2_592_000;
  // Buckets are whole multiples of the step since the Unix epoch. `date_bin` works on the
  // timestamp itself; `extract(epoch …)` is numeric arithmetic on every event.
  const buckets = counted
    ? await withParallelAggregate(tx, async () =>
        resultRows<{ time: string; count: number }>(
          await tx.execute(sql`select date_bin(${`${step} seconds`}::interval, time, timestamptz '1970-01-01 00:00:00+00') as time,
            count(*)::int as count
          from ${EVENTS} where ${whereOf(counted)} group by 1 order by 1`),
        ),
      )
    : [];
  return {
    interval_seconds: step,
    from,
    to: search.to,
    buckets: buckets.map((b) => ({ time: new Date(b.time).toISOString(), count: b.count })),
  };
}

/**
 * Runs one aggregate over many events with what request work otherwise goes without (db/tenancy.ts,
 * `withScope`): parallel workers, and the memory to group every match without spilling to disk
 * (the planner counts every distinct time as a bucket, so it sorts the matches rather than hash
 * them, and with the default 4 MB the sort of a quarter of a million went to disk). Both are
 * local to the transaction and set back after the statement. Parallel workers run with the leader's role
 * and settings, so the caller's scope holds in them too.
 */
async function withParallelAggregate<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  // One round trip: the select list reads the settings before it changes them.
  const [before] = resultRows<{ workers: string; work_mem: string }>(
    await tx.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers,
      current_setting('work_mem') as work_mem,
      set_config('max_parallel_workers_per_gather', '2', true), set_config('work_mem', '16MB', true)`),
  );
  const result = await fn();
  await tx.execute(sql`select set_config('max_parallel_workers_per_gather', ${before!.workers}, true),
    set_config('work_mem', ${before!.work_mem}, true)`);
  return result;
}
