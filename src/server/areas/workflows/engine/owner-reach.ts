import { hasAny, isGlobalUser } from '../../../../common/permissions.ts';
import type { Principal } from '../../../auth/principal.ts';
import { REACH_GONE_MESSAGES, reachNow } from '../../../auth/reach-now.ts';
import type { Db } from '../../../db/types.ts';

/** Who a step acts as, read with the step's own mark (step.ts): null owner when the workflow is gone. */
export interface OwnerAsRead {
  ownerId: string | null;
  apiKeyId: string | null;
  partnerId: string;
  customerId: string;
  /** `auth_epoch` as read in the same statement. */
  epoch: number;
}

/**
 * Principals of workflow owners, each kept with the `auth_epoch` read before it was loaded: the
 * counter moves in the transaction of any change to a user, their partner or its customers, so a
 * principal kept at the epoch a step reads is the one `reachNow` would build now. Keys are not
 * covered by the counter (revoked and expired keys), so an owner acting through one is loaded afresh.
 */
const kept = new WeakMap<Db, Map<string, { epoch: number; principal: Principal }>>();

async function principalNow(
  db: Db,
  owner: OwnerAsRead & { ownerId: string },
): Promise<{ principal: Principal } | { gone: string }> {
  const asker = { userId: owner.ownerId, apiKeyId: owner.apiKeyId, partnerId: owner.partnerId };
  const byOwner = kept.get(db) ?? new Map<string, { epoch: number; principal: Principal }>();
  kept.set(db, byOwner);
  const key = `${owner.partnerId}:${owner.ownerId}`;
  const hit = owner.apiKeyId === null ? byOwner.get(key) : undefined;
  if (hit && hit.epoch === owner.epoch) return { principal: hit.principal };
  const reach = await reachNow(db, asker);
  if (!reach.active) {
    byOwner.delete(key);
    return { gone: REACH_GONE_MESSAGES[reach.reason] };
  }
  if (owner.apiKeyId === null) byOwner.set(key, { epoch: owner.epoch, principal: reach.principal });
  return { principal: reach.principal };
}

/**
 * The owner of the workflow as a caller, as they are now: work done later acts with the reach
 * of the person who published it, never with what they could do when they did. The reason
 * instead when they can no longer act for this run's customer.
 */
export async function ownerNow(
  db: Db,
  owner: OwnerAsRead,
): Promise<{ principal: Principal } | { gone: string }> {
  if (owner.ownerId === null) return { gone: 'The workflow was deleted.' };
  const found = await principalNow(db, { ...owner, ownerId: owner.ownerId });
  if ('gone' in found) return found;
  const { principal } = found;
  if (!principal.scope.customerIds.includes(owner.customerId))
    return { gone: REACH_GONE_MESSAGES.no_customers };
  if (
    !isGlobalUser(principal.permissions) ||
    !hasAny(principal.permissions, ['modify_all', 'modify_workflow'])
  )
    return { gone: 'The person who published this workflow may no longer change workflows.' };
  return { principal };
}
