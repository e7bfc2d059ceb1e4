/**
 * The monthly report of the customer with the most alerts, rendered to PDF on PostgreSQL (every
 * data section, the target month and the two before), against the same report's figures as JSON
 * (GET …/data: the same reads without drawing) measured in the same run.
 *
 *   npx tsx bench/reports.ts                    # 10 000 alerts over 100 customers
 *   BENCH_ALERTS=50000 BENCH_CUSTOMER_ALERTS=1000000 BENCH_KEEP=1 npx tsx bench/reports.ts
 *     (the busiest customer's alerts copied in SQL until it has 1 000 000)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server.
 *   BENCH_KEEP=1 keeps the seeded database (watchfloor_bench_reports_C_N_B) for the next run.
 *
 * Then a hundred customers' reports sent at once to the real console (one process, then an API
 * and a worker: BENCH_PROCESSES) while the alert list is timed against its idle p95 (BENCH_PORT).
 *
 * Targets: the monthly report renders in under 5 s; the list's p95 stays within 1.5x of idle.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { count, desc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { alerts, customers, users } from '../src/server/db/schema/index.ts';
import { concurrentReports } from './lib/report-load.ts';
import { openReportSeed } from './lib/report-seed.ts';
import { type Figure, percentile, report, timeRuns } from './lib/stats.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
/** The busiest customer's alerts after the seed (its own alerts copied); 0 leaves the seed's. */
const PORT = Number(process.env.BENCH_PORT ?? 8521);
const IDLE_REQUESTS = Number(process.env.BENCH_IDLE_REQUESTS ?? 100);
/** How the console runs while the hundred reports render: one process, and/or an API beside a worker. */
const PROCESSES = (process.env.BENCH_PROCESSES ?? 'one,split').split(',') as ('one' | 'split')[];
const CUSTOMER_ALERTS = Number(process.env.BENCH_CUSTOMER_ALERTS ?? 0);
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

const { database, databaseUrl, cleanup } = await openReportSeed({
  serverUrl: PG_URL,
  alerts: ALERTS,
  customers: CUSTOMERS,
  customerAlerts: CUSTOMER_ALERTS,
  keep: KEEP,
});
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
  const figures_: Figure[] = [
    {
      name: `monthly report PDF (${SECTIONS.length} sections, ${(sample.rawPayload.length / 1024).toFixed(0)} KiB)`,
      p50: percentile(pdf, 50),
      p95: percentile(pdf, 95),
      baselineP95: percentile(data, 95),
      target: 'p95 < 5 000 ms',
    },
  ];
  // The same sections sent now for every customer (at most 100 a send, as the API allows).
  const shared = await app.inject({
    method: 'POST',
    url: '/api/ngreports/v0/reports/',
    headers: { ...headers, 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
    payload: {
      name: 'Monthly service review',
      scope: 'private',
      target: 'month',
      document: {
        components: [
          { type: 'header', text: 'Monthly service review' },
          ...SECTIONS.flatMap((section) => [{ type: 'section', section }, { type: 'rule' }]),
        ],
      },
    },
  });
  if (shared.statusCode !== 201) throw new Error(`create: ${shared.statusCode} ${shared.body}`);
  const customerIds = (
    await database.db
      .select({ id: customers.customerId })
      .from(customers)
      .orderBy(customers.customerId)
      .limit(100)
  ).map((c) => c.id);
  const concurrent = [];
  for (const processes of PROCESSES) {
    const figures = await concurrentReports({
      db: database.db,
      databaseUrl,
      port: PORT,
      token,
      reportId: shared.json<{ id: string }>().id,
      customerIds,
      target,
      processes,
      idleRequests: IDLE_REQUESTS,
    });
    concurrent.push(figures);
    figures_.push({
      name: `alert list, ${figures.runs} reports rendering (${processes === 'one' ? 'one process' : 'API and worker'})`,
      p50: figures.loaded.p50,
      p95: figures.loaded.p95,
      baselineP95: figures.idle.p95,
      target: 'within 1.5x of idle',
    });
    console.log(
      `  ${figures.runs} runs (${processes}): ${figures.sent} sent, ${figures.failed} failed in ${figures.seconds.toFixed(1)} s; alert list idle p50 ${figures.idle.p50.toFixed(1)} / p95 ${figures.idle.p95.toFixed(1)} ms (${figures.idle.requests}), while rendering p50 ${figures.loaded.p50.toFixed(1)} / p95 ${figures.loaded.p95.toFixed(1)} ms (${figures.loaded.requests})`,
    );
  }
  report(
    `Reports on PostgreSQL, ${ALERTS.toLocaleString('en-GB')} alerts, the busiest customer's ${busiest!.n.toLocaleString('en-GB')} (baseline: the same figures as JSON)`,
    figures_,
  );
  writeFileSync(
    new URL('./results/reports.json', import.meta.url),
    `${JSON.stringify({ alerts: ALERTS, customerAlerts: busiest!.n, target, figures: figures_, concurrent, load: loadavg() }, null, 2)}\n`,
  );
  await app.close();
} finally {
  await database.close();
  await cleanup();
}
