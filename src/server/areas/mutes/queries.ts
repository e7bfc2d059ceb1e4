import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { mutes, users } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { MuteState } from './present.ts';

export type MuteRow = typeof mutes.$inferSelect;

/** Rows in a state as people see it (see `effectiveState`): an active mute past its expiry is expired. */
export function inState(state: MuteState): SQL {
  const unexpired = or(isNull(mutes.expiresAt), gt(mutes.expiresAt, sql`now()`))!;
  if (state === 'active') return and(eq(mutes.state, 'active'), unexpired)!;
  if (state === 'expired')
    return or(eq(mutes.state, 'expired'), and(eq(mutes.state, 'active'), lte(mutes.expiresAt, sql`now()`)))!;
  return eq(mutes.state, 'inactive');
}

/** Mutes with their author's e-mail (null when the caller cannot see that account). */
export function selectMutes(tx: Db) {
  return tx
    .select({ mute: mutes, email: users.email })
    .from(mutes)
    .leftJoin(users, eq(users.contactId, mutes.createdBy));
}

/** One mute the caller may see, optionally locked for a change; 404 'Mute {id} was not found.' otherwise. */
export async function loadMute(tx: Db, principal: Principal, id: string, lock: boolean): Promise<MuteRow> {
  const query = tx
    .select()
    .from(mutes)
    .where(and(eq(mutes.id, id), inIds(mutes.customerId, principal.scope.customerIds)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Mute ${id}`);
  return row;
}

export async function authorEmail(tx: Db, row: MuteRow): Promise<string | null> {
  if (!row.createdBy) return null;
  const [author] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.contactId, row.createdBy));
  return author?.email ?? null;
}

/** The fields of a mute the audit log keeps. */
export function audited(row: MuteRow) {
  return {
    conditions: row.conditions,
    description: row.description,
    state: row.state,
    expires_at: row.expiresAt?.toISOString() ?? null,
    version: row.version,
  };
}
