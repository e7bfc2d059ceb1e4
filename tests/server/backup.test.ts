import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backupPglite, restorePglite } from '../../src/server/db/backup.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { customers, users } from '../../src/server/db/schema/index.ts';
import { insertFixtures } from '../helpers/fixtures.ts';

describe('backup and restore of the embedded database', () => {
  const folder = mkdtempSync(join(tmpdir(), 'watchfloor-backup-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('restores what was backed up, into an empty folder only', { timeout: 120_000 }, async () => {
    const original = join(folder, 'original');
    // The run's migrated snapshot, so the folder holds a whole migrated database without migrating again.
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const database = await openDatabase({ dataDir: original, snapshot, copyOfMigrated: true });
    const fixtures = await insertFixtures(database.db);
    await database.close();

    const file = join(folder, 'backup.tar.gz');
    expect(await backupPglite(original, file)).toBeGreaterThan(0);
    await expect(backupPglite(join(folder, 'nothing'), join(folder, 'x.tar.gz'))).rejects.toThrow(
      /no database to back up/,
    );
    await expect(restorePglite(file, original)).rejects.toThrow(/not empty/);

    const restored = join(folder, 'restored');
    await restorePglite(file, restored);
    const reopened = await openDatabase({ dataDir: restored });
    try {
      const names = await reopened.db
        .select({ name: customers.name })
        .from(customers)
        .orderBy(customers.name);
      expect(names.map((c) => c.name)).toEqual(['Acme Test', 'Globex Test']);
      const [analyst] = await reopened.db
        .select()
        .from(users)
        .where(eq(users.contactId, fixtures.analyst.contactId));
      expect(analyst?.email).toBe('analyst@test.example');
    } finally {
      await reopened.close();
    }
  });
});
