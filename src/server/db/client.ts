import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type AuthEpoch, pgliteAuthEpoch, postgresAuthEpoch } from './auth-epoch.ts';
import { type JobsDue, pgliteJobsDue, postgresJobsDue } from './jobs-due.ts';
import { type PreparedStatementOptions, preparedFromEnv, preparingClient } from './prepared-statements.ts';
import * as schema from './schema/index.ts';
import { assertAppRoleCannotBypassRls, ensureTenancy } from './tenancy.ts';
import { TENANT_POLICIES } from './tenant-policies.ts';
import type { Db } from './types.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells whether callers resolved earlier still stand (auth/session-principals.ts). */
  authEpoch: AuthEpoch;
  /** Tells the job runner's loops of jobs added due now (db/jobs-due.ts). */
  jobsDue: JobsDue;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every process sharing a database. */
const MIGRATION_LOCK = 7_314_002;

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite persisted in dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of an empty one. */
  snapshot?: Blob | undefined;
  /**
   * The database is a copy (snapshot or template) of one openDatabase migrated and secured in
   * this same run, so its migrations and tenancy policies are in place already: rewriting every
   * table's policies again took as long as starting PGlite. The RLS check still runs.
   */
  copyOfMigrated?: boolean | undefined;
  /**
   * PGlite only: server settings for this start (`-c name=value`), on top of PGlite's own start
   * parameters. The test databases ask for small shared memory: PGlite zeroes all of it on every
   * start, and the default 128 MB of buffers was half the cost of opening a copy.
   */
  pgliteSettings?: Record<string, string> | undefined;
  /**
   * PostgreSQL only: when statements become named prepared statements (db/prepared-statements.ts);
   * null sends every statement unnamed. By default as `DATABASE_PREPARED_STATEMENTS` says.
   */
  prepared?: PreparedStatementOptions | null | undefined;
}

/** Opens the database, applies migrations and tenancy policies, and checks the app role cannot bypass RLS. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(
        options.databaseUrl,
        options.copyOfMigrated ?? false,
        options.prepared === undefined ? preparedFromEnv() : options.prepared,
      )
    : await openPglite(
        options.dataDir,
        options.snapshot,
        options.copyOfMigrated ?? false,
        options.pgliteSettings,
      );
  try {
    await assertAppRoleCannotBypassRls(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPglite(
  dataDir: string,
  snapshot: Blob | undefined,
  migrated: boolean,
  settings: Record<string, string> = {},
): Promise<Database> {
  return pgliteDatabase(await openPgliteClient(dataDir, snapshot, migrated, settings));
}

/** The PGlite instance itself, migrated: `openDatabase` puts the database on it (pgliteDatabase). */
export async function openPgliteClient(
  dataDir: string,
  snapshot: Blob | undefined,
  migrated: boolean,
  settings: Record<string, string> = {},
): Promise<PGlite> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const startParams = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // pg_trgm backs the "contains" searches; on PostgreSQL it ships with the server's contrib.
  const client = await PGlite.create({
    ...(dataDir.startsWith('memory://') ? {} : { dataDir }),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    ...(startParams.length ? { startParams: [...PGlite.defaultStartParams, ...startParams] } : {}),
    extensions: { pg_trgm },
  });
  if (!migrated) {
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    await ensureTenancy(db, TENANT_POLICIES);
  }
  return client;
}

/**
 * The database on an open, migrated PGlite instance; closing it closes the instance. (The API
 * tests hand one instance from test file to test file, through a stand-in whose close resets it.)
 */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const jobsDue = pgliteJobsDue(client);
  return {
    db,
    kind: 'pglite',
    authEpoch: await pgliteAuthEpoch(client),
    jobsDue: jobsDue.jobsDue,
    close: async () => {
      await jobsDue.close();
      await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  migrated: boolean,
  prepared: PreparedStatementOptions | null,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(prepared ? { Client: preparingClient(prepared) } : {}),
  });
  // An idle connection the server closes (restart, failover, admin) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const jobsDue = postgresJobsDue(url, (message) => console.warn(message));
  const opened = {
    db,
    kind: 'postgres' as const,
    authEpoch: postgresAuthEpoch(pool),
    jobsDue: jobsDue.jobsDue,
    close: async () => {
      await jobsDue.close();
      await pool.end();
    },
  };
  if (migrated) return opened;
  // Several API processes may start at once: only one migrates, the others wait for it.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
    await ensureTenancy(drizzlePg({ client: lockClient, schema }) as unknown as Db, TENANT_POLICIES);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  return opened;
}
