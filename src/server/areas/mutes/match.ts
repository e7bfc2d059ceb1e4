import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { mutes } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { allConditionsMatch, type MatchableAlert } from './conditions.ts';

export type { MatchableAlert } from './conditions.ts';

/**
 * The mute that silences a new alert, or null: an active, unexpired mute of the alert's customer
 * whose conditions ALL match. When several match, the oldest wins (stable across calls).
 * Works with any connection: the system one, or a transaction as the app role (RLS then limits
 * the mutes to the caller's customers, which always include the alert's).
 */
export async function findMatchingMute(tx: Db, alert: MatchableAlert): Promise<{ id: string } | null> {
  const candidates = await tx
    .select({ id: mutes.id, conditions: mutes.conditions })
    .from(mutes)
    .where(
      and(
        eq(mutes.customerId, alert.customerId),
        eq(mutes.state, 'active'),
        or(isNull(mutes.expiresAt), gt(mutes.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(asc(mutes.createdAt), asc(mutes.id));
  for (const candidate of candidates) {
    if (allConditionsMatch(alert, candidate.conditions ?? [])) return { id: candidate.id };
  }
  return null;
}
