import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { vacuumAnalyze } from '../../src/server/db/maintenance.ts';
import { resultRows } from '../../src/server/db/tenancy.ts';
import type { Db } from '../../src/server/db/types.ts';
import { seedDemoData } from '../../src/server/seed/generate.ts';

export interface ReportSeedOptions {
  /** The server's address (any database on it); the bench's database is made beside it. */
  serverUrl: string;
  /** Alerts of the demo seed, spread over the customers by their weights. */
  alerts: number;
  customers: number;
  /** The busiest customer's alerts after the top-up (0: as the demo seed left them). */
  customerAlerts: number;
  /** Keeps the seeded database for the next run (and reuses a complete one). */
  keep: boolean;
}

/** Rows per statement of the top-up: each its own transaction, so the rollups' rows stay few. */
const TOP_UP_BATCH = 50_000;
const SEEDED = 'seeded for the reports bench';

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function busiestCustomer(db: Db) {
  const [row] = resultRows<{ id: string; n: number }>(
    await db.execute(sql`select customer_id as id, count(*)::int as n from alerts
      group by customer_id order by n desc limit 1`),
  );
  return row!;
}

/**
 * Copies the busiest customer's own alerts (title, type, priority, status, host, fields) until it
 * has `target`, each copy at a random time of the seed's 90 days with its acknowledge and close
 * times moved with it. Plain INSERT … SELECT, so the rollup triggers count every copy as they
 * count a raised alert; much faster than generating a million rows in the seed.
 */
async function topUp(db: Db, target: number) {
  const busiest = await busiestCustomer(db);
  const [bounds] = resultRows<{ max_id: number }>(
    await db.execute(sql`select max(id)::bigint as max_id from alerts where customer_id = ${busiest.id}`),
  );
  const originals = busiest.n;
  let have = busiest.n;
  const started = Date.now();
  while (have < target) {
    const batch = Math.min(TOP_UP_BATCH, target - have);
    await db.execute(sql`insert into alerts (customer_id, integration_id, title, type, status, priority,
        risk_score, classification, severity, confidence, entity_id, host_name, host_os, log_level,
        external_source, agent_id, assigned_users, fields, version, created_at, updated_at,
        acknowledged_at, closed_at)
      select customer_id, integration_id, title, type, status, priority, risk_score, classification,
        severity, confidence, entity_id, host_name, host_os, log_level, external_source, agent_id,
        assigned_users, fields, version, created_at + shift, least(updated_at + shift, now()),
        -- least() skips nulls: an alert never acknowledged or closed stays so.
        case when acknowledged_at is not null then least(acknowledged_at + shift, now()) end,
        case when closed_at is not null then least(closed_at + shift, now()) end
      from (
        select a.*, (now() - random() * interval '90 days') - a.created_at as shift
        from alerts a cross join generate_series(1, ${Math.ceil(batch / Math.min(originals, batch))})
        where a.customer_id = ${busiest.id} and a.id <= ${bounds!.max_id}
        limit ${batch}
      ) copies`);
    have += batch;
    console.log(
      `  top-up: ${have.toLocaleString('en-GB')} of ${target.toLocaleString('en-GB')} alerts (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
}

/**
 * The reports bench's database on PostgreSQL: the demo seed, then the busiest customer's alerts
 * topped up to `customerAlerts`. A kept database is reused only when its seed finished.
 */
export async function openReportSeed(
  options: ReportSeedOptions,
): Promise<{ database: Database; databaseUrl: string; cleanup: () => Promise<void> }> {
  const { serverUrl, alerts, customers, customerAlerts, keep } = options;
  const name = keep
    ? `watchfloor_bench_reports_${customers}_${alerts}_${customerAlerts}`
    : `watchfloor_bench_reports_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => admin(serverUrl, `drop database if exists ${name} with (force)`);
  const open = async () => {
    await admin(serverUrl, `create database ${name}`).catch(() => undefined);
    return openDatabase({ databaseUrl: url.href, dataDir: '' });
  };
  if (!keep) await drop();
  let database = await open();
  const [marker] = resultRows<{ comment: string | null }>(
    await database.db.execute(
      sql`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
    ),
  );
  if (marker?.comment !== SEEDED) {
    // Nothing kept, or a run that stopped while seeding: start from an empty database.
    await database.close();
    await drop();
    database = await open();
    const started = Date.now();
    await seedDemoData(database.db, {
      customers,
      alerts,
      agents: Math.max(500, customers * 5),
      seed: 1,
      password: 'bench-password',
    });
    console.log(`seeded ${alerts} alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (customerAlerts > 0) await topUp(database.db, customerAlerts);
    await vacuumAnalyze(database.db);
    await admin(serverUrl, `comment on database ${name} is '${SEEDED}'`);
    console.log(`seed ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { database, databaseUrl: url.href, cleanup: () => (keep ? Promise.resolve() : drop()) };
}
