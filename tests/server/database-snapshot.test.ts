import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { currentSnapshot, freshDatabase } from '../helpers/database.ts';
import { insertFixtures } from '../helpers/fixtures.ts';
import { pglitePool } from '../helpers/pglite-pool.ts';

/**
 * Every PGlite test database opens from one migrated snapshot whose bytes the worker's opens share
 * (tests/helpers/database.ts): an open must leave them as they were, and what one database writes
 * must not reach a database opened after it.
 */
test('PGlite test databases share the snapshot and none sees another one’s rows', async () => {
  const snapshot = await heldSnapshotDigest();
  const first = await freshDatabase('pglite');
  await first.db.execute(sql`create table snapshot_probe (id int)`);
  await first.db.execute(sql`insert into snapshot_probe values (1)`);
  await first.close();

  const second = await freshDatabase('pglite');
  try {
    expect(await heldSnapshotDigest()).toBe(snapshot);
    const probe = await second.db.execute(sql`select to_regclass('snapshot_probe') as found`);
    expect((probe as unknown as { rows: { found: string | null }[] }).rows[0]?.found).toBeNull();
    const migrated = await second.db.execute(
      sql`select count(*)::int as tables from pg_tables where tablename = 'alerts'`,
    );
    expect((migrated as unknown as { rows: { tables: number }[] }).rows[0]?.tables).toBe(1);
  } finally {
    await second.close();
  }
});

/** A closed PGlite test database is put back as migrated and handed to the next file (pglite-pool.ts). */
test('a PGlite test database handed on comes back as migrated, and the closed handle answers no more', async () => {
  const first = await freshDatabase('pglite');
  const migratedCount = await count(first, 'drizzle.__drizzle_migrations');
  await insertFixtures(first.db);
  expect(await count(first, 'customers')).toBe(2);
  await first.db.execute(sql`set statement_timeout = 1234`);
  // A day of log events gets its partition when events arrive: the next file starts without it.
  await first.db.execute(sql`select ensure_log_partition('2020-01-02'::date)`);
  await first.close();
  const late = await first.db.execute(sql`select 1`).catch((error: Error) => error);
  expect(String((late as Error).cause)).toMatch(/PGlite is closed/);

  const reusedBefore = pglitePool.reused;
  const second = await freshDatabase('pglite');
  try {
    expect(pglitePool.reused).toBe(reusedBefore + 1);
    expect(await count(second, 'customers')).toBe(0);
    const partition = await second.db.execute(sql`select to_regclass('log_events_20200102') as found`);
    expect((partition as unknown as { rows: { found: string | null }[] }).rows[0]?.found).toBeNull();
    expect(await count(second, 'drizzle.__drizzle_migrations')).toBe(migratedCount);
    expect(migratedCount).toBeGreaterThan(0);
    const timeout = await second.db.execute(sql`show statement_timeout`);
    expect((timeout as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe(
      '0',
    );
    // The fixtures insert again as on a fresh copy: no key left taken, no sequence moved on.
    await insertFixtures(second.db);
    expect(await count(second, 'customers')).toBe(2);
  } finally {
    await second.close();
  }
});

async function count(database: Awaited<ReturnType<typeof freshDatabase>>, table: string) {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function heldSnapshotDigest() {
  const bytes = await currentSnapshot().arrayBuffer();
  return createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
}
