import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { preparedFromEnv, preparingClient } from '../../src/server/db/prepared-statements.ts';
import { alerts } from '../../src/server/db/schema/index.ts';
import { withScope } from '../../src/server/db/tenancy.ts';
import { freshDatabase } from '../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';

const server = process.env.TEST_DATABASE_URL;

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is on unless set off, and refuses anything else by name', () => {
    expect(preparedFromEnv(undefined)).toEqual({ after: 5, most: 300 });
    expect(preparedFromEnv('on')).not.toBeNull();
    expect(preparedFromEnv('off')).toBeNull();
    expect(preparedFromEnv('OFF')).toBeNull();
    expect(() => preparedFromEnv('sometimes')).toThrow(/DATABASE_PREPARED_STATEMENTS must be on or off/);
  });
});

describe.skipIf(!server)('named prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database?.close());

  /** One connection (pool of one), so the server's list of its prepared statements is this pool's. */
  const pool = (after: number, most: number) =>
    new pg.Pool({ connectionString: urlOf(database), max: 1, Client: preparingClient({ after, most }) });
  const named = async (onePool: pg.Pool) =>
    (await onePool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
      (r) => r.name,
    );

  it('names a text once it was sent `after` times, and answers as before', async () => {
    const onePool = pool(3, 10);
    try {
      const answers: number[] = [];
      for (const n of [1, 2]) answers.push((await onePool.query('select $1::int + 1 as n', [n])).rows[0].n);
      expect(await named(onePool)).toEqual([]);
      for (const n of [3, 4]) answers.push((await onePool.query('select $1::int + 1 as n', [n])).rows[0].n);
      expect(answers).toEqual([2, 3, 4, 5]);
      const names = await named(onePool);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^stmt_[0-9a-f]{40}$/);
    } finally {
      await onePool.end();
    }
  });

  it('names no more than `most` texts, and never a text without parameters', async () => {
    const onePool = pool(1, 1);
    try {
      await onePool.query('select $1::text as a', ['first']);
      const second = await onePool.query('select $1::text as b', ['second']);
      for (let i = 0; i < 3; i++) await onePool.query('select 1 as one; select 2 as two');
      expect(second.rows).toEqual([{ b: 'second' }]);
      expect(await named(onePool)).toHaveLength(1);
    } finally {
      await onePool.end();
    }
  });

  it('answers each scope with its own rows from one named statement, past the switch to a generic plan', async () => {
    const onePool = pool(1, 10);
    const db = drizzle({ client: onePool }) as unknown as Database['db'];
    try {
      const f: Fixtures = await insertFixtures(database.db);
      await database.db.insert(alerts).values([
        { customerId: f.acme.customerId, title: 'Acme only', type: 'edr' },
        { customerId: f.globex.customerId, title: 'Globex only', type: 'edr' },
      ]);
      const scopeOf = (customerId: string, userId: string) => ({
        partnerId: f.partner.partnerId,
        userId,
        customerIds: [customerId],
        global: false,
      });
      const titlesSeen = (customerId: string, userId: string) =>
        withScope(db, scopeOf(customerId, userId), (tx) =>
          tx.select({ title: alerts.title }).from(alerts).where(eq(alerts.type, 'edr')),
        );
      // PostgreSQL may switch a statement to one generic plan after five runs: both customers go
      // on past that, in turn.
      for (let i = 0; i < 8; i++) {
        expect(await titlesSeen(f.acme.customerId, f.acmeUser.contactId)).toEqual([{ title: 'Acme only' }]);
        expect(await titlesSeen(f.globex.customerId, f.globexUser.contactId)).toEqual([
          { title: 'Globex only' },
        ]);
      }
      expect((await named(onePool)).length).toBeGreaterThan(0);
    } finally {
      await onePool.end();
    }
  });
});

/** The address of a test database (the pool behind its Drizzle handle). */
function urlOf(database: Database): string {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  return String(client.options.connectionString);
}
