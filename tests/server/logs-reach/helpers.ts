import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { logExports, users } from '../../../src/server/db/schema/index.ts';
import type { Backend } from '../../helpers/database.ts';
import { logsContext } from '../logs/helpers.ts';

export type User = { contactId: string };
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * The logs context with a small world for reach: Acme has two `reachable` events, Globex one,
 * plus the calls a script with an API key makes and a way to read a queued export's file.
 */
export function reachContext(backend: Backend) {
  const c = logsContext(backend);
  let seeded = false;

  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId);
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId);
    const a = await c.ingest(acme, [
      { '@timestamp': minutesAgo(1), host: 'ACME-DC-01', message: 'reachable acme one' },
      { '@timestamp': minutesAgo(2), host: 'ACME-WS-07', message: 'reachable acme two' },
    ]);
    expect(a.statusCode, a.body).toBe(200);
    const g = await c.ingest(globex, [
      { '@timestamp': minutesAgo(1), host: 'GLOBEX-DC', message: 'reachable globex secret' },
    ]);
    expect(g.statusCode, g.body).toBe(200);
  };

  /** A key of `user` limited to the customers given (read and write). */
  const keyOf = async (user: User, customerIds: string[]) => {
    const created = await c.t.as(user, {
      method: 'POST',
      url: '/api/profile/api-keys',
      payload: { name: 'Script', customer_ids: customerIds, access: 'read_write', expires_in_days: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { key: string; key_id: string };
  };

  /** A script's call: the key and nothing else. */
  const script = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    c.t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

  /** A user of the partner who sees exactly the customers given (a customer user). */
  const userOf = async (email: string, customerIds: string[]) => {
    const [row] = await c.t.database.db
      .insert(users)
      .values({
        partnerId: c.t.fixtures.partner.partnerId,
        email,
        roleLevel: 'Customer',
        validCustomerIds: customerIds,
        permissions: ['read_all', 'modify_all'],
      })
      .returning();
    return row!;
  };

  /** Starts a search over every customer the user sees; its id. */
  const searchOf = async (user: User, term = 'reachable') => {
    await seed();
    const started = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/search/',
      payload: { search: { search_term: term } },
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().id as string;
  };

  /** The export's row and the file it wrote, unzipped ('' when it wrote none). */
  const exportRow = async (exportId: string) => {
    const [row] = await c.t.database.db.select().from(logExports).where(eq(logExports.id, exportId));
    return { row: row!, file: row?.content ? gunzipSync(row.content).toString('utf8') : '' };
  };

  return Object.assign(c, { seed, keyOf, script, userOf, searchOf, exportRow });
}
