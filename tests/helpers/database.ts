import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { adminQuery } from './global-setup.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteSnapshot: Blob | undefined;

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server.
 * Both start as a copy of the database tests/helpers/global-setup.ts migrated once for the run.
 */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    pgliteSnapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ dataDir: 'memory://', snapshot: pgliteSnapshot, copyOfMigrated: true });
  }
  const template = inject('postgresTemplate');
  const name = `watchfloor_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.href,
    dataDir: '',
    copyOfMigrated: template !== null,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

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
