import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABS_TOGGLES } from '../../src/common/labs.ts';
import type { Database } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS } from '../../src/server/seed/accounts.ts';
import { seedDemoData } from '../../src/server/seed/generate.ts';
import { backends, freshDatabase } from '../helpers/database.ts';
import { rows, SMALL } from './seed/helpers.ts';

describe.each(backends())('labs toggles of the demo (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
    await seedDemoData(database.db, { ...SMALL, seed: 1 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('switches every labs feature on for each demo account', async () => {
    const demo = await rows<{ email: string; attributes: Record<string, unknown> }>(
      database,
      sql`select email, attributes from users where email in (${sql.join(
        DEMO_ACCOUNTS.map((e) => sql`${e}`),
        sql`, `,
      )}) order by email`,
    );
    expect(demo.map((u) => u.email)).toEqual([...DEMO_ACCOUNTS].sort());
    for (const user of demo) {
      for (const toggle of LABS_TOGGLES)
        expect(user.attributes[toggle], `${user.email} ${toggle}`).toBe(true);
    }
  });

  it('leaves every other user without any labs feature, as a new user starts', async () => {
    const others = await rows<{ email: string; attributes: Record<string, unknown> }>(
      database,
      sql`select email, attributes from users where email not in (${sql.join(
        DEMO_ACCOUNTS.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
    expect(others.length).toBeGreaterThan(3);
    for (const user of others) {
      expect(Object.keys(user.attributes).filter((k) => k.startsWith('lab_'))).toEqual([]);
    }
  });
});
