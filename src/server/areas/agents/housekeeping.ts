import { and, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { agentActions, agents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { queueWorkflowEvents } from '../../platform/workflow-events.ts';
import { PENDING } from './action-types.ts';
import { CHECK_IN_GRACE_SECONDS } from './status.ts';
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

/** All three, for the every-minute job. */
export async function agentHousekeeping(db: Db, now = new Date()) {
  return {
    isolationsEnded: await endIsolations(db, now),
    actionsExpired: await expireAgentActions(db, now),
    wentOffline: await reportAgentsGoneOffline(db, now),
  };
}

/** How far back the sweep looks for agents that went offline: a few missed ticks lose nothing. */
const OFFLINE_LOOKBACK_MS = 10 * 60_000;

/**
 * Agents whose check-in became overdue (status.ts: interval plus grace) in the last minutes fire
 * the agent-offline trigger, keyed on the agent and its last check-in: each silence fires once.
 */
export async function reportAgentsGoneOffline(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - OFFLINE_LOOKBACK_MS).toISOString();
  const offlineAt = sql`${agents.heartbeatAt} + make_interval(secs => ${agents.checkInInterval} + greatest(${CHECK_IN_GRACE_SECONDS}, ${agents.checkInInterval}))`;
  const gone = await db
    .select({
      agentId: agents.agentId,
      customerId: agents.customerId,
      hostName: agents.hostName,
      platform: agents.platform,
      version: agents.version,
      ip: agents.ip,
      heartbeatAt: agents.heartbeatAt,
    })
    .from(agents)
    .where(
      and(
        isNotNull(agents.credentialHash),
        sql`${offlineAt} < ${at}::timestamptz`,
        sql`${offlineAt} >= ${since}::timestamptz`,
      ),
    );
  await queueWorkflowEvents(
    db,
    gone.map((agent) => ({
      trigger: 'agent_offline',
      customerId: agent.customerId,
      key: `${agent.agentId}:${agent.heartbeatAt?.toISOString()}`,
      data: {
        agent: {
          id: agent.agentId,
          host_name: agent.hostName,
          platform: agent.platform,
          version: agent.version,
          ip: agent.ip,
          heartbeat_at: agent.heartbeatAt?.toISOString() ?? null,
        },
      },
    })),
  );
  return gone.length;
}
