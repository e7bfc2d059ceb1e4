/**
 * The dashboard's aggregate calls with many alerts on PostgreSQL, against the raw SQL of the same
 * aggregates measured in the same run (in one transaction as the app role under the caller's
 * scope, as the API runs them).
 *
 *   npx tsx bench/dashboard.ts                  # 1 000 000 alerts
 *   BENCH_ALERTS=100000 npx tsx bench/dashboard.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server.
 *   BENCH_KEEP=1 keeps the seeded database (watchfloor_bench_dashboard_N) for the next run.
 *
 * Target (issue 10): p95 under 100 ms on PostgreSQL for each call.
 */
import { writeFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../src/common/statuses.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { vacuumAnalyze } from '../src/server/db/maintenance.ts';
import { alerts, customers, users } from '../src/server/db/schema/index.ts';
import { withScope } from '../src/server/db/tenancy.ts';
import { seedDemoData } from '../src/server/seed/generate.ts';
import { admin, PG_URL } from './lib/postgres-admin.ts';
import { type Figure, percentile, report, timeRuns } from './lib/stats.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const KEEP = process.env.BENCH_KEEP === '1';
const DAYS = 30;

const ids = (list: string[]) => `{${list.join(',')}}`;
const open = `{${OPEN_STATUSES.join(',')}}`;
const since = () =>
  new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - (DAYS - 1) * 86_400_000).toISOString();

interface Case {
  name: string;
  url: string;
  raw: (customerIds: string[]) => ReturnType<typeof sql>;
}

const CASES: Case[] = [
  {
    name: 'alerts over time by priority (30 days)',
    url: `/api/dashboard/alerts-over-time?days=${DAYS}`,
    raw: (c) => sql`select to_char(bucket, 'YYYY-MM-DD"T"HH24'), priority, n from (
        select date_trunc('day', created_at at time zone 'UTC') as bucket, priority, count(*) as n from alerts
        where customer_id = any(${ids(c)}::uuid[]) and created_at >= ${since()}::timestamptz group by 1, 2) counted`,
  },
  {
    name: 'open alerts by customer and status',
    url: '/api/dashboard/open-alerts',
    raw: (c) => sql`select customer_id, status, count(*) from alerts
      where customer_id = any(${ids(c)}::uuid[]) and status = any(${open}::text[]) group by 1, 2`,
  },
  {
    name: 'time to acknowledge and close (30 days)',
    url: `/api/dashboard/response-times?days=${DAYS}`,
    raw: (c) => sql`with firsts as (
        select s.alert_id, min(s.at) filter (where s.after #>> '{}' <> 'new') as acknowledged_at,
          min(s.at) filter (where s.after #>> '{}' = any('{closed,false_positive,accepted_risk}'::text[])) as closed_at
        from alert_activity s where s.field = 'status' and s.customer_id = any(${ids(c)}::uuid[])
          and s.at >= ${since()}::timestamptz group by s.alert_id),
      seconds as (select a.customer_id, extract(epoch from f.acknowledged_at - a.created_at)::float8 as ack,
        extract(epoch from f.closed_at - a.created_at)::float8 as close
        from alerts a left join firsts f on f.alert_id = a.id
        where a.customer_id = any(${ids(c)}::uuid[]) and a.created_at >= ${since()}::timestamptz)
      select customer_id, count(*), count(ack), percentile_cont(0.5) within group (order by ack),
        percentile_cont(0.9) within group (order by ack), count(close),
        percentile_cont(0.5) within group (order by close), percentile_cont(0.9) within group (order by close)
      from seconds group by customer_id`,
  },
  {
    name: 'top alert types (30 days)',
    url: `/api/dashboard/alert-types?days=${DAYS}`,
    raw: (c) => sql`select type, count(*), count(*) filter (where status = any(${open}::text[])) from alerts
      where customer_id = any(${ids(c)}::uuid[]) and created_at >= ${since()}::timestamptz
      group by type order by 2 desc, type limit 10`,
  },
  {
    name: 'agent health (GET /dashboard/health)',
    url: '/api/dashboard/health',
    raw: (
      c,
    ) => sql`select customer_id, heartbeat_at, first_active, check_in_interval, health, version, is_isolated
      from agents where customer_id = any(${ids(c)}::uuid[])`,
  },
  {
    name: 'ingest volume (GET /dashboard/ingest)',
    url: `/api/dashboard/ingest?days=${DAYS}`,
    raw: (c) => sql`select customer_id, day, sum(events), sum(bytes) from log_usage
      where customer_id = any(${ids(c)}::uuid[]) and day >= ${since().slice(0, 10)}::date group by 1, 2`,
  },
];

async function openSeeded(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const name = KEEP ? `watchfloor_bench_dashboard_${ALERTS}` : `watchfloor_bench_dashboard_${process.pid}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  const open = async () => {
    await admin(`create database ${name}`).catch(() => undefined);
    return openDatabase({ databaseUrl: url.href, dataDir: '' });
  };
  if (!KEEP) await drop();
  let database = await open();
  const [row] = await database.db.select({ n: count() }).from(alerts);
  if ((row?.n ?? 0) !== ALERTS) {
    // Nothing kept, or a run that stopped while seeding: start from an empty database.
    await database.close();
    await drop();
    database = await open();
    const started = Date.now();
    await seedDemoData(database.db, {
      customers: 20,
      alerts: ALERTS,
      agents: 5000,
      seed: 1,
      password: 'bench-password',
    });
    await vacuumAnalyze(database.db);
    console.log(`seeded ${ALERTS} alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { database, cleanup: () => (KEEP ? Promise.resolve() : drop()) };
}

const { database, cleanup } = await openSeeded();
try {
  const [analyst] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, 'analyst@watchfloor.example'));
  const customerIds = (await database.db.select({ id: customers.customerId }).from(customers)).map(
    (c) => c.id,
  );
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const token = (await app.sessionTokens.issue(analyst!.contactId)).access_token;
  const scope = { partnerId: analyst!.partnerId, userId: analyst!.contactId, customerIds, global: true };
  const figures: Figure[] = [];
  for (const c of CASES) {
    const api = await timeRuns(async () => {
      const response = await app.inject({ url: c.url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${c.url}: ${response.statusCode} ${response.body}`);
    }, RUNS);
    const raw = await timeRuns(
      () => withScope(database.db, scope, (tx) => tx.execute(c.raw(customerIds))),
      RUNS,
    );
    figures.push({
      name: c.name,
      p50: percentile(api, 50),
      p95: percentile(api, 95),
      baselineP95: percentile(raw, 95),
      target: 'p95 < 100 ms',
    });
  }
  report(
    `Dashboard API on PostgreSQL, ${ALERTS.toLocaleString('en-GB')} alerts (baseline: raw SQL of the same aggregates)`,
    figures,
  );
  writeFileSync(
    new URL('./results/dashboard.json', import.meta.url),
    `${JSON.stringify({ alerts: ALERTS, figures }, null, 2)}\n`,
  );
  await app.close();
} finally {
  await database.close();
  await cleanup();
}
