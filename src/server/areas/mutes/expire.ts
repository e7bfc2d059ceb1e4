import { and, eq, lte, sql } from 'drizzle-orm';
import { mutes } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { nextVersion } from '../../platform/versioned.ts';

/**
 * Marks active mutes whose expiry has passed as `expired` (system connection: every customer at
 * once). The version goes up, so a client still holding the active mute gets 409 on its next
 * write rather than silently editing an expired one. Returns how many mutes expired.
 */
export async function expireMutes(db: Db): Promise<number> {
  const expired = await db
    .update(mutes)
    .set({ state: 'expired', ...nextVersion(mutes) })
    .where(and(eq(mutes.state, 'active'), lte(mutes.expiresAt, sql`now()`)))
    .returning({ id: mutes.id });
  return expired.length;
}
