/**
 * The monthly report of the customer with the most alerts, rendered to PDF on PostgreSQL (every
 * data section, the target month and the two before), against the same report's figures as JSON
 * (GET …/data: the same reads without drawing) measured in the same run.
 *
 *   npx tsx bench/reports.ts                    # 10 000 alerts
 *   BENCH_ALERTS=100000 BENCH_RUNS=10 npx tsx bench/reports.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server.
 *   BENCH_KEEP=1 keeps the seeded database (watchfloor_bench_reports_N) for the next run.
 *
 * Target (issue 25): the monthly report renders in under 5 s.
 */
import { writeFileSync } from 'node:fs';
import { count, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { vacuumAnalyze } from '../src/server/db/maintenance.ts';
import { alerts, users } from '../src/server/db/schema/index.ts';
import { seedDemoData } from '../src/server/seed/generate.ts';
import { type Figure, percentile, report, timeRuns } from './lib/stats.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1';
const SECTIONS = [
  'kpis',
  'alerts_over_time',
  'top_alert_types',
  'agent_health',
  'vulnerabilities',
  'log_volume',
  'lookalike_domains',
  'breach_lookups',
] as const;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openSeeded(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const name = KEEP ? `watchfloor_bench_reports_${ALERTS}` : `watchfloor_bench_reports_${process.pid}`;
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
    await database.close();
    await drop();
    database = await open();
    const started = Date.now();
    await seedDemoData(database.db, {
      customers: 6,
      alerts: ALERTS,
      agents: 500,
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
  // The customer with the most alerts: its report reads the most.
  const [busiest] = await database.db
    .select({ id: alerts.customerId, n: count() })
    .from(alerts)
    .groupBy(alerts.customerId)
    .orderBy(desc(count()))
    .limit(1);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const token = (await app.sessionTokens.issue(analyst!.contactId)).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/ngreports/v0/reports/',
    // A change carries the double-submit token, as the console sends it.
    headers: { ...headers, 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
    payload: {
      name: 'Monthly review',
      scope: 'customer',
      customer_id: busiest!.id,
      target: 'month',
      document: {
        components: [
          { type: 'header', text: 'Monthly review' },
          { type: 'body', text: 'The **quarter** in figures.' },
          ...SECTIONS.flatMap((section) => [{ type: 'section', section }, { type: 'rule' }]),
        ],
      },
    },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const id = created.json<{ id: string }>().id;
  // The month just ended: with the two before it, the period the monthly schedule sends.
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const query = `customer_id=${busiest!.id}&target=${target}`;
  const call = (url: string) => async () => {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const data = await timeRuns(call(`/api/ngreports/v0/reports/${id}/data?${query}`), RUNS, 1);
  const pdf = await timeRuns(call(`/api/ngreports/v0/reports/${id}/preview?${query}`), RUNS, 1);
  const sample = await call(`/api/ngreports/v0/reports/${id}/preview?${query}`)();
  const figures: Figure[] = [
    {
      name: `monthly report PDF (${SECTIONS.length} sections, ${(sample.rawPayload.length / 1024).toFixed(0)} KiB)`,
      p50: percentile(pdf, 50),
      p95: percentile(pdf, 95),
      baselineP95: percentile(data, 95),
      target: 'p95 < 5 000 ms',
    },
  ];
  report(
    `Reports on PostgreSQL, ${ALERTS.toLocaleString('en-GB')} alerts, the busiest customer's ${busiest!.n.toLocaleString('en-GB')} (baseline: the same figures as JSON)`,
    figures,
  );
  writeFileSync(
    new URL('./results/reports.json', import.meta.url),
    `${JSON.stringify({ alerts: ALERTS, customerAlerts: busiest!.n, target, figures }, null, 2)}\n`,
  );
  await app.close();
} finally {
  await database.close();
  await cleanup();
}
