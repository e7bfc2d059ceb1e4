import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `watchfloor_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: base.href });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
