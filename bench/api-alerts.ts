/**
 * Alert list API latency with many alerts, on PGlite and on PostgreSQL (when one answers),
 * against the raw SQL of the same queries measured in the same run (the page and the capped count,
 * plain columns, in a transaction under the caller's scope as the API runs them).
 *
 *   npx tsx bench/api-alerts.ts                 # 1 000 000 alerts
 *   BENCH_ALERTS=100000 npx tsx bench/api-alerts.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server.
 *   BENCH_KEEP=1 keeps the seeded databases (bench/results/pglite-N, watchfloor_bench_N) and
 *   reuses them on the next run instead of seeding again.
 *
 * Targets (DESIGN section 10): p95 under 50 ms on PostgreSQL, within 2x of raw SQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { TOTAL_CAP } from '../src/server/areas/alerts/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { vacuumAnalyze } from '../src/server/db/maintenance.ts';
import { alerts, customers, users } from '../src/server/db/schema/index.ts';
import { withScope } from '../src/server/db/tenancy.ts';
import { seedDemoData } from '../src/server/seed/generate.ts';
import { type Figure, percentile, report, timeRuns } from './lib/stats.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPEN = ['new', 'open', 'acknowledged', 'escalated', 'deferred', 'reopened'];
const COLUMNS =
  'id, customer_id, case_id, title, type, status, priority, risk_score, classification, assigned_users, host_name, host_os, log_level, external_source, created_at, updated_at, version';

interface Case {
  name: string;
  url: (c: { customerId: string }) => string;
  /** The same query as plain SQL: the page, then the capped count the API answers with. */
  raw: (c: { customerIds: string[]; customerId: string }) => ReturnType<typeof sql>[];
}

const q = (ids: string[]) => sql`customer_id = any(${`{${ids.join(',')}}`}::uuid[])`;
const capped = (where: ReturnType<typeof sql>) =>
  sql`select count(*) from (select 1 from alerts where ${where} limit ${TOTAL_CAP + 1}) c`;

const CASES: Case[] = [
  {
    name: 'open alerts, all customers, newest first',
    url: () => `/api/alerts/v1/alerts/?${OPEN.map((s) => `statuses=${s}`).join('&')}&batch_size=100`,
    raw: ({ customerIds }) => {
      const where = sql`${q(customerIds)} and status = any(${`{${OPEN.join(',')}}`}::text[])`;
      return [
        sql
          .raw(`select ${COLUMNS} from alerts where `)
          .append(where)
          .append(sql` order by created_at desc, id desc limit 100`),
        capped(where),
      ];
    },
  },
  {
    name: 'one customer, status new',
    url: ({ customerId }) => `/api/alerts/v1/alerts/?customer_ids=${customerId}&statuses=new&batch_size=100`,
    raw: ({ customerId }) => {
      const where = sql`${q([customerId])} and status = 'new'`;
      return [
        sql
          .raw(`select ${COLUMNS} from alerts where `)
          .append(where)
          .append(sql` order by created_at desc, id desc limit 100`),
        capped(where),
      ];
    },
  },
  {
    name: 'critical and high, last 7 days',
    url: () => '/api/alerts/v1/alerts/?priorities=critical&priorities=high&days=7&batch_size=100',
    raw: ({ customerIds }) => {
      const where = sql`${q(customerIds)} and priority = any('{critical,high}'::text[]) and created_at >= now() - interval '7 days'`;
      return [
        sql
          .raw(`select ${COLUMNS} from alerts where `)
          .append(where)
          .append(sql` order by created_at desc, id desc limit 100`),
        capped(where),
      ];
    },
  },
  {
    name: 'a page of 10 000 (the console loading)',
    url: () => '/api/alerts/v1/alerts/?batch_size=10000',
    raw: ({ customerIds }) => {
      const where = q(customerIds);
      return [
        sql
          .raw(`select ${COLUMNS} from alerts where `)
          .append(where)
          .append(sql` order by created_at desc, id desc limit 10000`),
        capped(where),
      ];
    },
  },
];

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const KEEP = process.env.BENCH_KEEP === '1';

/** A database with ALERTS seeded alerts: kept from an earlier BENCH_KEEP run, or made and seeded now. */
async function openSeeded(
  backend: 'pglite' | 'postgres',
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const place = backend === 'pglite' ? pglitePlace() : await postgresPlace();
  let database = await place.open();
  if (!(await hasSeed(database))) {
    // Nothing kept, or a run that stopped while seeding: start from an empty database.
    await database.close();
    await place.drop();
    database = await place.open();
    await seed(database, backend);
  }
  return { database, cleanup: () => (KEEP ? Promise.resolve() : place.drop()) };
}

interface Place {
  open(): Promise<Database>;
  drop(): Promise<void>;
}

function pglitePlace(): Place {
  const dir = KEEP
    ? fileURLToPath(new URL(`./results/pglite-${ALERTS}`, import.meta.url))
    : mkdtempSync(join(tmpdir(), 'watchfloor-bench-'));
  return {
    open: () => openDatabase({ dataDir: dir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresPlace(): Promise<Place> {
  const name = KEEP ? `watchfloor_bench_${ALERTS}` : `watchfloor_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  if (!KEEP) await admin(`drop database if exists ${name} with (force)`);
  return {
    open: async () => {
      // Exists already when kept; created anew after drop().
      await admin(`create database ${name}`).catch(() => undefined);
      return openDatabase({ databaseUrl: url.href, dataDir: '' });
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function hasSeed(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(alerts);
  return (row?.n ?? 0) === ALERTS;
}

async function seed(database: Database, backend: string) {
  const started = Date.now();
  await seedDemoData(database.db, {
    customers: 20,
    alerts: ALERTS,
    agents: 5000,
    seed: 1,
    password: 'bench-password',
  });
  // As `npm run seed` does: fresh statistics and visibility map, as autovacuum keeps them on a live server.
  await vacuumAnalyze(database.db);
  console.log(`${backend}: seeded ${ALERTS} alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function bench(backend: 'pglite' | 'postgres') {
  const { database, cleanup } = await openSeeded(backend);
  try {
    const [analyst] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'analyst@watchfloor.example'));
    const all = await database.db.select({ id: customers.customerId }).from(customers);
    const customerIds = all.map((c) => c.id);
    const customerId = customerIds[0]!;
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    const app = await buildApp(config, database, { logger: false });
    await app.ready();
    const token = (await app.sessionTokens.issue(analyst!.contactId)).access_token;

    const figures: Figure[] = [];
    for (const c of CASES) {
      const url = c.url({ customerId });
      const api = await timeRuns(async () => {
        const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }, RUNS);
      const statements = c.raw({ customerIds, customerId });
      // As the API runs them: in one transaction as the app role, under the analyst's scope (the
      // same row-level security and settings), so the ratio is what the API adds to its SQL.
      const scope = { partnerId: analyst!.partnerId, userId: analyst!.contactId, customerIds, global: true };
      const raw = await timeRuns(
        () =>
          withScope(database.db, scope, async (tx) => {
            for (const statement of statements) await tx.execute(statement);
          }),
        RUNS,
      );
      figures.push({
        name: c.name,
        p50: percentile(api, 50),
        p95: percentile(api, 95),
        baselineP95: percentile(raw, 95),
        target: backend === 'postgres' ? 'p95 < 50 ms, ≤ 2x raw' : '≤ 2x raw',
      });
    }
    report(
      `Alert list API on ${backend}, ${ALERTS.toLocaleString('en-GB')} alerts (baseline: raw SQL of the same queries)`,
      figures,
    );
    await app.close();
    return figures;
  } finally {
    await database.close();
    await cleanup();
  }
}

const results: Record<string, Figure[]> = {};
results.pglite = await bench('pglite');
if (await postgresAnswers()) results.postgres = await bench('postgres');
else console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
writeFileSync(
  new URL('./results/api-alerts.json', import.meta.url),
  `${JSON.stringify({ alerts: ALERTS, results }, null, 2)}\n`,
);
