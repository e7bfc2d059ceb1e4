import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
    return openDatabase({ dataDir: 'memory://', snapshot: pgliteSnapshot });
  }
  const template = inject('postgresTemplate');
  const name = `watchfloor_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
