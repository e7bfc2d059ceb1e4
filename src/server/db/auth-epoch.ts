import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The counter in `auth_epoch`, which moves in the transaction of any change to what a signed-in
 * caller is made of (migration 0043: a session revoked; a user, their partner or the partner's
 * customers changed). A caller resolved while the counter read N stands only while it still reads N.
 */
export interface AuthEpoch {
  /** The counter as committed now: what the very next read of the database would see. */
  current(): number | Promise<number>;
}

export const AUTH_EPOCH_CHANNEL = 'auth_epoch';

/**
 * PGlite: one process owns the database, and its triggers notify at commit. PGlite hands the
 * notification to its listeners (in a microtask) while it reads the COMMIT's answer, before the
 * committing call resolves: so the counter here has moved before the request that made the change
 * can answer, let alone the next one. No query per request.
 */
export async function pgliteAuthEpoch(client: PGlite): Promise<AuthEpoch> {
  let epoch = 0;
  await client.listen(AUTH_EPOCH_CHANNEL, () => {
    epoch += 1;
  });
  return { current: () => epoch };
}

/**
 * PostgreSQL: other API processes change the same rows, and their notifications arrive whenever
 * they arrive; the counter is read from the database on every call instead, one small round trip.
 */
export function postgresAuthEpoch(pool: pg.Pool): AuthEpoch {
  return {
    async current() {
      // A named statement: parsed and planned once per connection.
      const result = await pool.query<[string]>({
        name: 'auth-epoch',
        text: 'select epoch from auth_epoch',
        rowMode: 'array',
      });
      return Number(result.rows[0]?.[0] ?? 0);
    },
  };
}
