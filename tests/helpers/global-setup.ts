import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data folder (tarball) every fresh PGlite test database starts from. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database every fresh test database is created from, when a server is given. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database per backend before the workers start, so each test file copies it
 * instead of migrating its own: PGlite's initdb alone takes seconds under WASM, and the
 * PostgreSQL copy (`create database … template`) is a file copy.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'watchfloor-tests-'));
  // Both at once: PGlite migrates in this process, PostgreSQL mostly in its server.
  const [tarball, template] = await Promise.all([
    openDatabase({ dataDir: 'memory://' }).then(migratedPglite),
    process.env.TEST_DATABASE_URL ? migratedPostgresTemplate() : null,
  ]);
  const snapshotPath = join(folder, 'pglite.tar');
  writeFileSync(snapshotPath, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshotPath);
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!template) return;
    // The copies workers made ahead or were still dropping when they ended (database.ts).
    for (const name of await databaseNames())
      if (name.startsWith(testDatabasePrefix(template)))
        await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`drop database if exists ${template} with (force)`);
  };
}

async function migratedPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  // A checkpoint first, so a copy starts from a clean state instead of replaying the migrations'
  // write-ahead log on every open (about a fifth of an open's time).
  await client.exec('CHECKPOINT');
  const tarball = await client.dumpDataDir('none');
  await database.close();
  return tarball;
}

async function migratedPostgresTemplate(): Promise<string> {
  const name = `watchfloor_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  await database.close();
  return name;
}

/** How the names of a run's test databases begin: its template's name, so a run drops its own only. */
export const testDatabasePrefix = (template: string | null) =>
  template ? `${template}_copy_` : 'watchfloor_test_';

async function databaseNames(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>('select datname from pg_database')).rows.map(
      (row) => row.datname,
    );
  } finally {
    await admin.end();
  }
}

export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
