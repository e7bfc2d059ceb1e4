import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { partners } from '../../src/server/db/schema/index.ts';
import { ensureDemoData } from '../../src/server/seed/first-start.ts';
import { freshDatabase } from '../helpers/database.ts';
import { rows, SLOW, SMALL_DEMO } from './seed/helpers.ts';

describe('ensureDemoData', { timeout: SLOW }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'watchfloor-seed-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds on first start, saves a generated password (0600) and only points to it later', async () => {
    const database = await freshDatabase('pglite');
    try {
      const dataDir = join(tempDir(), 'data');
      const first = await ensureDemoData(database.db, { dataDir, demoPassword: undefined }, SMALL_DEMO);
      expect(first?.accounts).toEqual([
        'admin@watchfloor.example',
        'analyst@watchfloor.example',
        'user@acme.example',
        'admin@acme.example',
      ]);
      const file = join(dataDir, 'demo-password.txt');
      const password = readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first?.passwordNote).toContain(`Password: ${password}`);
      const [admin] = await rows<{ password_hash: string }>(
        database,
        sql`select password_hash from users where email = 'admin@watchfloor.example'`,
      );
      expect(await verifyPassword(password, admin!.password_hash)).toBe(true);

      const later = await ensureDemoData(database.db, { dataDir, demoPassword: undefined }, SMALL_DEMO);
      expect(later?.accounts).toEqual(first?.accounts);
      expect(later?.passwordNote).toBe(`Password: see ${file}`);
      expect(later?.passwordNote).not.toContain(password);
    } finally {
      await database.close();
    }
  });

  it('uses WATCHFLOOR_DEMO_PASSWORD when set and writes no file', async () => {
    const database = await freshDatabase('pglite');
    try {
      const result = await ensureDemoData(
        database.db,
        { dataDir: 'memory://', demoPassword: 'from-the-env-123' },
        SMALL_DEMO,
      );
      expect(result?.passwordNote).toMatch(/WATCHFLOOR_DEMO_PASSWORD/);
      expect(result?.passwordNote).not.toContain('from-the-env-123');
      const [user] = await rows<{ password_hash: string }>(
        database,
        sql`select password_hash from users where email = 'user@acme.example'`,
      );
      expect(await verifyPassword('from-the-env-123', user!.password_hash)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("returns null and seeds nothing when the database holds someone else's partner", async () => {
    const database = await freshDatabase('pglite');
    try {
      await database.db.insert(partners).values({ name: 'Real MSSP' });
      expect(
        await ensureDemoData(database.db, { dataDir: tempDir(), demoPassword: undefined }, SMALL_DEMO),
      ).toBeNull();
      const [count] = await rows<{ n: number }>(database, sql`select count(*)::int as n from alerts`);
      expect(count!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
