/**
 * Log search on PostgreSQL with N events (default 100 000; BENCH_EVENTS=1000000 for the full
 * run): a Lucene query's first page, its hits over time and its exact top values, and a
 * contains-search (partial keyword), and the first page of the Lucene query for staff over every
 * customer, each run the way the API runs it (the area's own functions,
 * in one transaction as the app role in a customer user's scope, through the view searches read)
 * against the raw SQL of the same query on the system connection (no row-level security, no
 * view) in the same run. The contains-search is also run on the table under its policy, as
 * searches did before the view (ILIKE is not leakproof, so the trigram index is not used there).
 *
 *   npx tsx bench/log-query.ts
 *   BENCH_EVENTS=1000000 BENCH_KEEP=1 npx tsx bench/log-query.ts   # keeps watchfloor_bench_logq_N
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) picks the server.
 *
 * Targets (issue 11), 1 000 000 events: first page < 300 ms, histogram < 500 ms, top values < 1 s.
 */
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { hitsOverTime, type StoredSearch, searchPage, topValues } from '../src/server/areas/logs/search.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { customers, partners } from '../src/server/db/schema/index.ts';
import { APP_ROLE, resultRows, type Scope, withScope } from '../src/server/db/tenancy.ts';
import type { Db } from '../src/server/db/types.ts';
import { type Figure, percentile, report, timeRuns } from './lib/stats.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const KEEP = process.env.BENCH_KEEP === '1';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `watchfloor_bench_logq_${EVENTS}`;
const DAYS = 7;
const CHUNK = 100_000;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** N events of one customer over the last 7 days, a tenth as many of another; one in 2 000 mentions mimikatz. */
async function seed(db: Db, big: string, small: string) {
  const now = Date.now();
  for (let d = 0; d <= DAYS + 1; d++) {
    const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
    await db.execute(sql`select ensure_log_partition(${day}::date)`);
  }
  // The trigram index is built once after the rows are in: far faster than maintaining it per row.
  await db.execute(sql`drop index if exists log_events_raw_trgm_idx`);
  for (const [customer, count] of [
    [big, EVENTS],
    [small, Math.ceil(EVENTS / 10)],
  ] as const) {
    for (let start = 0; start < count; start += CHUNK) {
      const end = Math.min(count, start + CHUNK);
      await db.execute(sql`insert into log_events
        (customer_id, time, source, host, src_ip, user_name, event_id, severity, message, raw, raw_bytes)
        select ${customer}::uuid, t, 'windows', e->>'host', (e->>'src_ip')::inet, e->>'user', (e->>'EventID')::int,
          e->>'level', e->>'message', e, length(e::text)
        from generate_series(${start}::int, ${end - 1}::int) i,
          lateral (select to_timestamp(${now / 1000}::float8 - (i::float8 / ${count}::float8) * ${DAYS * 86_400}::float8) as t) tt,
          lateral (select jsonb_build_object(
            '@timestamp', t, 'host', 'HOST-' || (i % 200), 'user', 'user' || (i % 500),
            'src_ip', '10.' || ((i >> 16) & 255) || '.' || ((i >> 8) & 255) || '.' || (i & 255),
            'EventID', (array[4624, 4625, 4634, 4688])[i % 4 + 1],
            'level', case when i % 10 = 0 then 'warning' else 'info' end,
            'LogonType', i % 11,
            'message', case when i % 2000 = 7 then 'Process mimikatz.exe started by user' || (i % 500)
              else 'An account event ' || i || ' for user' || (i % 500) || ' on HOST-' || (i % 200) end) as e) ee`);
      process.stdout.write(`  seeded ${end} of ${count}\r`);
    }
  }
  const built = performance.now();
  await db.execute(
    sql`create index log_events_raw_trgm_idx on log_events using gin ((raw::text) gin_trgm_ops)`,
  );
  console.log(`\n  trigram index built in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze log_events`);
}

async function main() {
  const exists = (await admin(`select 1 from pg_database where datname = '${NAME}'`)).rowCount === 1;
  if (!KEEP || !exists) {
    await admin(`drop database if exists ${NAME} with (force)`);
    await admin(`create database ${NAME}`);
  }
  const url = new URL(PG_URL);
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  const db = database.db;
  try {
    let [customer] = await db.select().from(customers).limit(1);
    if (!customer) {
      const seedStarted = performance.now();
      const [partner] = await db.insert(partners).values({ name: 'Bench MSSP' }).returning();
      const made = await db
        .insert(customers)
        .values([
          { partnerId: partner!.partnerId, name: 'Bench big', hasSubscription: true },
          { partnerId: partner!.partnerId, name: 'Bench small', hasSubscription: true },
        ])
        .returning();
      await seed(db, made[0]!.customerId, made[1]!.customerId);
      console.log(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
      customer = made[0]!;
    }
    const others = await db.select().from(customers);
    const scope: Scope = {
      partnerId: customer.partnerId,
      userId: '00000000-0000-4000-8000-000000000000',
      customerIds: [customer.customerId],
      global: false,
    };
    const to = new Date();
    const from = new Date(to.getTime() - DAYS * 86_400_000);
    const base = {
      filters: [],
      source: null,
      from: from.toISOString(),
      to: to.toISOString(),
      customer_ids: [customer.customerId],
    };
    const lucene: StoredSearch = {
      ...base,
      mode: 'lucene',
      search_term: 'event_id:4625 AND NOT severity:warning',
    };
    const keyword: StoredSearch = { ...base, mode: 'keyword', search_term: 'mimikatz' };
    // Staff see every customer: the same Lucene query over all of them.
    const everyone = others.map((c) => c.customerId);
    const staffScope: Scope = { ...scope, customerIds: everyone, global: true };
    const staffLucene: StoredSearch = { ...lucene, customer_ids: everyone };
    const [{ n: hits } = { n: 0 }] = resultRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from log_events where customer_id = ${customer.customerId}
        and time between ${base.from}::timestamptz and ${base.to}::timestamptz and event_id = 4625 and severity is distinct from 'warning'`),
    );

    const app = <T>(fn: (tx: Db) => Promise<T>) => withScope(db, scope, fn);
    const raw = (query: SQL) => db.execute(query);
    const rawWhere = sql`customer_id = ${customer.customerId}::uuid and time >= ${base.from}::timestamptz and time <= ${base.to}::timestamptz`;
    const rawLucene = sql`${rawWhere} and event_id = 4625 and not coalesce(severity = 'warning', false)`;
    const step = 10800;

    const measure = async (name: string, fn: () => Promise<unknown>, target?: string) => {
      const times = await timeRuns(fn, RUNS, 2);
      return { name, p50: percentile(times, 50), p95: percentile(times, 95), ...(target ? { target } : {}) };
    };
    const pair = async (
      name: string,
      api: () => Promise<unknown>,
      baseline: () => Promise<unknown>,
      target?: string,
    ) => {
      const b = await measure(`${name} (raw SQL)`, baseline);
      const a = await measure(name, api, target);
      return [{ ...a, baselineP95: b.p95 } as Figure, b];
    };

    const figures: Figure[] = [
      ...(await pair(
        'Lucene first page (100 events)',
        () => app((tx) => searchPage(tx, lucene, 100, undefined)),
        () =>
          raw(sql`select id, time, customer_id, source, host, host(src_ip), user_name, event_id, severity, message, raw
          from log_events where ${rawLucene} order by time desc, id desc limit 101`),
        '< 300 ms',
      )),
      ...(await pair(
        `Lucene first page, staff (${everyone.length} customers)`,
        () => withScope(db, staffScope, (tx) => searchPage(tx, staffLucene, 100, undefined)),
        () =>
          raw(sql`select id, time, customer_id, source, host, host(src_ip), user_name, event_id, severity, message, raw
          from log_events where customer_id = any(${`{${everyone.join(',')}}`}::uuid[])
            and time >= ${base.from}::timestamptz and time <= ${base.to}::timestamptz
            and event_id = 4625 and not coalesce(severity = 'warning', false)
          order by time desc, id desc limit 101`),
        '< 300 ms',
      )),
      ...(await pair(
        'Lucene hits over time (7 days, 3 h buckets)',
        () => app((tx) => hitsOverTime(tx, lucene)),
        () =>
          raw(sql`select date_bin(${`${step} seconds`}::interval, time, timestamptz '1970-01-01 00:00:00+00') as time, count(*)
          from log_events where ${rawLucene} group by 1 order by 1`),
        '< 500 ms',
      )),
      ...(await pair(
        'Lucene exact top values of user',
        () => app((tx) => topValues(tx, lucene, 'user', 10)),
        () =>
          raw(sql`select value, count, sum(count) filter (where value is not null) over (), sum(count) over ()
            from (select user_name as value, count(*) as count from log_events where ${rawLucene} group by 1) grouped
            order by value is null, count desc, value limit 11`),
        '< 1 s',
      )),
      ...(await pair(
        'Keyword "mimikatz" first page (view, trigram)',
        () => app((tx) => searchPage(tx, keyword, 100, undefined)),
        () =>
          raw(sql`select id, time, raw from log_events where ${rawWhere} and raw::text ilike '%mimikatz%'
          order by time desc, id desc limit 101`),
      )),
      ...(await pair(
        'Keyword "mimikatz" count (view, trigram)',
        () =>
          app((tx) =>
            tx.execute(sql`select count(*) from log_events_visible where customer_id = ${customer.customerId}::uuid
          and time >= ${base.from}::timestamptz and raw::text ilike '%mimikatz%'`),
          ),
        () => raw(sql`select count(*) from log_events where ${rawWhere} and raw::text ilike '%mimikatz%'`),
      )),
    ];
    // Before the view: the same count on the table under the tenant policy (as the app role).
    const underPolicy = await measure('Keyword "mimikatz" count (table under RLS)', () =>
      app((tx) =>
        tx.execute(sql`select count(*) from log_events where customer_id = ${customer.customerId}::uuid
          and time >= ${base.from}::timestamptz and raw::text ilike '%mimikatz%'`),
      ),
    );
    const viaView = figures.find((f) => f.name === 'Keyword "mimikatz" count (view, trigram)')!;
    figures.push({ ...underPolicy, baselineP95: viaView.p95 });

    // The faster paths answer the same: every match in the buckets and top values (parallel
    // workers, the caller's scope), and the staff page is the newest 100 of every customer.
    const histogram = await app((tx) => hitsOverTime(tx, lucene));
    const binned = histogram.buckets.reduce((n, b) => n + b.count, 0);
    const top = await app((tx) => topValues(tx, lucene, 'user', 10));
    const staffPage = await withScope(db, staffScope, (tx) => searchPage(tx, staffLucene, 100, undefined));
    const rawStaff = resultRows<{ id: string }>(
      await raw(sql`select id::text as id from log_events where customer_id = any(${`{${everyone.join(',')}}`}::uuid[])
        and time >= ${base.from}::timestamptz and time <= ${base.to}::timestamptz
        and event_id = 4625 and not coalesce(severity = 'warning', false) order by time desc, id desc limit 100`),
    );
    const samePage = staffPage.results.map((e) => e.id).join() === rawStaff.map((e) => e.id).join();
    if (binned !== hits || top.total !== hits || !samePage)
      throw new Error(
        `answers differ: ${hits} matches, ${binned} in buckets, ${top.total} in top values, staff page same: ${samePage}`,
      );

    console.log(
      `\nLog search on PostgreSQL: ${EVENTS} events of one customer over ${DAYS} days (+${Math.ceil(EVENTS / 10)} of another), ` +
        `scope one customer (${others.length} in all), Lucene "${lucene.search_term}" matches ${hits}, ${RUNS} runs each, app role ${APP_ROLE}`,
    );
    report(
      'API path (app role, caller scope) vs raw SQL (system connection); the last line: table under RLS vs the view',
      figures,
    );
  } finally {
    await database.close();
    if (!KEEP) await admin(`drop database if exists ${NAME} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
