import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { mutes } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { allConditionsMatch, type MatchableAlert, type MuteCondition } from './conditions.ts';

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

/** A mute with the time it held: from its creation until it expired or was unmuted by hand. */
export interface MuteSpan {
  id: string;
  customerId: string;
  description: string;
  conditions: MuteCondition[];
  from: Date;
  until: Date | null;
}

/**
 * The mutes of these customers that held at some time since `since`, oldest first, for replaying
 * what mutes did in the past (the log alerting backtest). An unmuted mute held until its last
 * change; an expired one until its expiry.
 */
export async function muteSpans(tx: Db, customerIds: readonly string[], since: Date): Promise<MuteSpan[]> {
  if (customerIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(mutes)
    .where(sql`${mutes.customerId} = any(${`{${customerIds.join(',')}}`}::uuid[])`)
    .orderBy(asc(mutes.createdAt), asc(mutes.id));
  return rows
    .map((row) => {
      const ends = [row.expiresAt, row.state === 'inactive' ? row.updatedAt : null].filter(
        (d): d is Date => d !== null,
      );
      return {
        id: row.id,
        customerId: row.customerId,
        description: row.description,
        conditions: (row.conditions ?? []) as MuteCondition[],
        from: row.createdAt,
        until: ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null,
      };
    })
    .filter((span) => span.until === null || span.until > since);
}

/** The mute that would have silenced the alert at `at` (the oldest of those holding then), or null. */
export function muteHoldingAt(spans: readonly MuteSpan[], alert: MatchableAlert, at: Date): MuteSpan | null {
  for (const span of spans) {
    if (span.customerId !== alert.customerId || span.from > at) continue;
    if (span.until && span.until <= at) continue;
    if (allConditionsMatch(alert, span.conditions)) return span;
  }
  return null;
}
