import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { currentSnapshot, freshDatabase } from '../helpers/database.ts';

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

async function heldSnapshotDigest() {
  const bytes = await currentSnapshot().arrayBuffer();
  return createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
}
