import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { preparedFromEnv, preparingClient } from './prepared-statements.ts';
import * as schema from './schema/index.ts';
import { resultRows } from './tenancy.ts';
import type { Db } from './types.ts';

/**
 * Where read-heavy calls (search, dashboard, reports, exports) read: the streaming replica at
 * DATABASE_REPLICA_URL while it is up and no further behind than the bound, else the primary.
 * Row-level security holds there as on the primary: the same role and scope are set per
 * transaction (db/tenancy.ts withScope), and the replica is a copy of the primary's policies.
 */
export interface ReadRouter {
  /** The database to read from now. */
  reader(): Db;
  /** Marks the replica down after a read failed to reach it; the next check decides again. */
  replicaFailed(error: unknown): void;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  /** none: no replica configured; ok: reads go to it; lagging or down: reads go to the primary. */
  state: 'none' | 'ok' | 'lagging' | 'down';
  /** How far the replica's replay is behind the primary, in seconds (null when unknown). */
  lagSeconds: number | null;
  maxLagSeconds: number;
  checkedAt: Date | null;
}

export interface ReplicaOptions {
  url: string;
  /** Reads move to the primary while the replica is further behind than this. */
  maxLagMs: number;
  /** Between checks of the replica's lag. */
  checkEveryMs?: number;
  poolSize?: number;
}

/** Reads from the primary only: no replica configured. */
export function primaryOnly(primary: Db): ReadRouter {
  return {
    reader: () => primary,
    replicaFailed: () => undefined,
    status: () => ({ state: 'none', lagSeconds: null, maxLagSeconds: 0, checkedAt: null }),
    close: async () => undefined,
  };
}

/**
 * Lag, measured the way the replica sees it: 0 when it has replayed everything the primary had
 * written when asked (its replay position at or past the primary's WAL position); otherwise the
 * time since the last transaction it replayed was committed on the primary.
 */
export async function measureLag(primary: Db, replica: pg.Pool): Promise<number> {
  const [head] = resultRows<{ lsn: string }>(
    await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`),
  );
  const { rows } = await replica.query<{
    recovering: boolean;
    caught_up: boolean | null;
    behind_ms: number | null;
  }>(
    `select pg_is_in_recovery() as recovering,
            pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
            extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000 as behind_ms`,
    [head!.lsn],
  );
  const row = rows[0]!;
  if (!row.recovering)
    throw new Error('DATABASE_REPLICA_URL is not a standby (pg_is_in_recovery() is false)');
  if (row.caught_up) return 0;
  return Math.max(0, Number(row.behind_ms ?? Number.POSITIVE_INFINITY));
}

/** Checks the replica at once and then every `checkEveryMs`, and routes reads by what it found. */
export async function replicaRouter(
  primary: Db,
  options: ReplicaOptions,
  log: (message: string) => void = (message) => console.warn(message),
): Promise<ReadRouter> {
  const prepared = preparedFromEnv();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 2000,
    // The replica's reads repeat as the primary's do (db/prepared-statements.ts).
    ...(prepared ? { Client: preparingClient(prepared) } : {}),
  });
  pool.on('error', (error) => log(`replica connection lost: ${error.message}`));
  const replica = drizzlePg({ client: pool, schema }) as unknown as Db;
  let status: ReplicaStatus = {
    state: 'down',
    lagSeconds: null,
    maxLagSeconds: options.maxLagMs / 1000,
    checkedAt: null,
  };
  const check = async () => {
    const checkedAt = new Date();
    try {
      const lag = await measureLag(primary, pool);
      const state = lag > options.maxLagMs ? 'lagging' : 'ok';
      if (state !== status.state)
        log(
          `replica ${state} (${Math.round(lag)} ms behind): reads go to the ${state === 'ok' ? 'replica' : 'primary'}`,
        );
      status = { ...status, state, lagSeconds: lag / 1000, checkedAt };
    } catch (error) {
      if (status.state !== 'down') log(`replica down: reads go to the primary (${(error as Error).message})`);
      status = { ...status, state: 'down', lagSeconds: null, checkedAt };
    }
  };
  await check();
  let checking: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    checking = check();
  }, options.checkEveryMs ?? 1000);
  timer.unref();
  return {
    reader: () => (status.state === 'ok' ? replica : primary),
    replicaFailed(error) {
      if (status.state === 'ok')
        log(`replica read failed: reads go to the primary (${(error as Error).message})`);
      status = { ...status, state: 'down', checkedAt: new Date() };
    },
    status: () => status,
    async close() {
      clearInterval(timer);
      await checking;
      await pool.end();
    },
  };
}
