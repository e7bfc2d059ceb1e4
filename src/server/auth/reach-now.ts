import { eq } from 'drizzle-orm';
import { apiKeys } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { ApiError } from '../errors.ts';
import { narrowToKey } from './api-keys.ts';
import { loadPrincipal, type Principal } from './principal.ts';

/**
 * Who asked for work that runs later: a user, or an API key (whose creator is `userId`). The
 * partner, when known, must still be the user's.
 */
export interface Asker {
  userId: string;
  apiKeyId?: string | null;
  partnerId?: string | null;
}

/** Why an asker reaches nothing any more. */
export type ReachGone = 'user_gone' | 'key_revoked' | 'key_expired';

export type Reach = { active: true; principal: Principal } | { active: false; reason: ReachGone };

/** What each reason means to the person who asked, for failed work that shows it. */
export const REACH_GONE_MESSAGES: Record<ReachGone | 'no_customers', string> = {
  user_gone: 'The person who asked for this no longer has access.',
  key_revoked: 'The API key that asked for this has been revoked.',
  key_expired: 'The API key that asked for this has expired.',
  no_customers: 'The person who asked for this can no longer see any of its customers.',
};

/**
 * The asker's reach as it is now, built exactly as a request builds its caller (a session's
 * principal, or an API key's narrowed one): the customers it may see and its permissions. Work
 * done later for a person calls this when it runs, never trusting what was stored when it was
 * asked. System connection: no scope exists yet.
 */
export async function reachNow(db: Db, asker: Asker, now = new Date()): Promise<Reach> {
  let user: Principal;
  try {
    user = await loadPrincipal(db, {
      sessionId: asker.apiKeyId ?? `work:${asker.userId}`,
      userId: asker.userId,
      impersonatorId: null,
    });
  } catch (error) {
    if (error instanceof ApiError) return { active: false, reason: 'user_gone' };
    throw error;
  }
  if (asker.partnerId && user.user.partnerId !== asker.partnerId)
    return { active: false, reason: 'user_gone' };
  if (!asker.apiKeyId) return { active: true, principal: user };
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.keyId, asker.apiKeyId));
  if (!key || key.createdBy !== asker.userId || key.revokedAt)
    return { active: false, reason: 'key_revoked' };
  if (key.expiresAt.getTime() <= now.getTime()) return { active: false, reason: 'key_expired' };
  return { active: true, principal: narrowToKey(user, key) };
}

/** The customers of `asked` the principal may still see, in the order asked. */
export function stillVisible(principal: Principal, asked: readonly string[]): string[] {
  const visible = new Set(principal.scope.customerIds);
  return asked.filter((id) => visible.has(id));
}

/**
 * The asker's principal narrowed to the customers asked for that it still sees, or why it may
 * not act: its reach is gone, or none of those customers is in it.
 */
export async function reachOver(
  db: Db,
  asker: Asker,
  asked: readonly string[],
): Promise<{ principal: Principal; customerIds: string[] } | { refused: ReachGone | 'no_customers' }> {
  const reach = await reachNow(db, asker);
  if (!reach.active) return { refused: reach.reason };
  const customerIds = stillVisible(reach.principal, asked);
  if (customerIds.length === 0) return { refused: 'no_customers' };
  return {
    principal: {
      ...reach.principal,
      scope: { ...reach.principal.scope, customerIds, global: false },
    },
    customerIds,
  };
}
