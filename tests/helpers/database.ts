import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { adminQuery, testDatabasePrefix } from './global-setup.ts';
import { openSnapshotCopy, pgliteTestDatabase } from './pglite-pool.ts';

export type Backend = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). `TEST_BACKENDS=postgres`
 * (or `pglite`) runs one half alone while working on it.
 */
export function backends(): Backend[] {
  const all: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_BACKENDS?.split(',').map((name) => name.trim());
  return only ? all.filter((backend) => only.includes(backend)) : all;
}

let pgliteSnapshot: Blob | undefined;

/**
 * The migrated snapshot, read once per worker. PGlite reads its copy through `arrayBuffer()`,
 * which Node answers by streaming the 45 MB Blob in small pieces (most of a second of CPU a copy);
 * this Blob hands over the bytes it holds instead. PGlite only reads them (its untar writes each
 * file into its own in-memory file system, a copy), so every open can share them; a test in
 * database-snapshot.test.ts checks they are the same after an open.
 */
class HeldSnapshot extends Blob {
  constructor(private readonly held: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held);
  }
}

/** The worker's snapshot, read on first use. */
export function currentSnapshot(): Blob {
  pgliteSnapshot ??= new HeldSnapshot(new Uint8Array(readFileSync(inject('pgliteSnapshot'))).buffer);
  return pgliteSnapshot;
}

/**
 * A test database is a few hundred rows: small shared memory is plenty, and PGlite zeroes all of it
 * on every start (128 MB of buffers by default, about a second of CPU a copy).
 */
const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB', max_connections: '10', wal_buffers: '1MB' };

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server.
 * Both start as the database tests/helpers/global-setup.ts migrated once for the run: a PGlite one
 * is a copy of it, or an instance an earlier test file closed, put back as it (pglite-pool.ts).
 */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite')
    return pgliteTestDatabase(() => openSnapshotCopy(currentSnapshot(), TEST_PGLITE_SETTINGS));
  const { url, drop } = await freshPostgresDatabase();
  const database = await openPostgresCopy(url);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * A new database on the TEST_DATABASE_URL server, a copy of the run's migrated template. Making a
 * copy and dropping one each wait about a quarter of a second on the server, for every PostgreSQL
 * half of a file: the next copy is made while a file runs, and a dropped one goes while the next
 * file starts. Copies a worker left (made ahead, or dropped as it ended) are dropped by the run's
 * teardown, by their name's prefix (global-setup.ts).
 */
async function freshPostgresDatabase() {
  // Taken before the wait, so two databases asked for at once are two copies.
  const taken = nextCopy ?? copyOfTemplate();
  nextCopy = copyOfTemplate();
  // Awaited by the next file that needs one; a failed copy is reported there.
  nextCopy.catch(() => undefined);
  const name = await taken;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      void adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
    },
  };
}

let nextCopy: Promise<string> | undefined;

async function copyOfTemplate(): Promise<string> {
  const template = inject('postgresTemplate');
  const name = `${testDatabasePrefix(template)}${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  return name;
}

/**
 * Every statement with parameters is a named prepared statement from its first send, as the busy
 * ones are in production (db/prepared-statements.ts): the whole suite runs through them.
 */
const openPostgresCopy = (url: string) =>
  openDatabase({
    databaseUrl: url,
    dataDir: '',
    copyOfMigrated: inject('postgresTemplate') !== null,
    prepared: { after: 1, most: 100_000 },
  });

/**
 * A database that two processes open one after the other (the crash tests: one is killed, the
 * next finds what it left): a PGlite folder, or a new database on the TEST_DATABASE_URL server.
 * Empty: the first process to open it migrates it.
 */
export async function databaseForProcesses(backend: Backend, label: string) {
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `watchfloor-${label}-`));
    return {
      where: dir,
      open: () => openDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true }),
    };
  }
  const name = `watchfloor_${label.replaceAll('-', '_')}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    where: url.href,
    open: () => openDatabase({ databaseUrl: url.href, dataDir: '' }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Two handles on one fresh, migrated database, as two API processes open it: two connection pools
 * on the TEST_DATABASE_URL server, or for PGlite (which one process owns) the same handle twice.
 * Closing the first closes both.
 */
export async function sharedDatabase(backend: Backend): Promise<{ first: Database; second: Database }> {
  if (backend === 'pglite') {
    const only = await freshDatabase(backend);
    return { first: only, second: only };
  }
  const { url, drop } = await freshPostgresDatabase();
  const [first, second] = [await openPostgresCopy(url), await openPostgresCopy(url)];
  return {
    second,
    first: {
      ...first,
      async close() {
        await second.close();
        await first.close();
        await drop();
      },
    },
  };
}
