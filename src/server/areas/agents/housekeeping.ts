import { and, inArray, lte } from 'drizzle-orm';
import { agentActions, agents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { PENDING } from './action-types.ts';
import { appendStep } from './steps.ts';

/** Isolation ends by itself when its length has passed (the agent ends it on its side too). */
export async function endIsolations(db: Db, now = new Date()): Promise<number> {
  const ended = await db
    .update(agents)
    .set({ isIsolated: false, isolatedUntil: null })
    .where(lte(agents.isolatedUntil, now))
    .returning({ agentId: agents.agentId });
  return ended.length;
}

/** Pending actions (queued, or delivered but never started) expire at their type's expiry. */
export async function expireAgentActions(db: Db, now = new Date()): Promise<number> {
  const expired = await db
    .update(agentActions)
    .set({
      status: 'expired',
      finishedAt: now,
      updatedAt: now,
      steps: appendStep({ status: 'expired', at: now.toISOString(), receipt: null }),
    })
    .where(and(inArray(agentActions.status, [...PENDING]), lte(agentActions.expiresAt, now)))
    .returning({ actionId: agentActions.actionId });
  return expired.length;
}

/** Both, for the every-minute job. */
export async function agentHousekeeping(db: Db, now = new Date()) {
  return { isolationsEnded: await endIsolations(db, now), actionsExpired: await expireAgentActions(db, now) };
}
