import { and, desc, eq, sql } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { entitySummary } from './summaries.ts';

/**
 * The enrolled agent an alert concerns, always of the alert's own customer:
 * - the agent the source names (an agent's own report, the simulator, an integration that knows
 *   it), refused with 400 when it is not an agent of that customer;
 * - else the agent whose host name is the alert's host (its column, or the raw data's host
 *   fields), compared without case and also by the first label, so `WS-01.corp.example` finds
 *   `WS-01`. Two agents with one name (a reinstalled machine) give the one that checked in last;
 * - else none: alerts about users, mailboxes or domains concern no endpoint.
 */
export async function alertAgent(
  tx: Db,
  customerId: string,
  givenId: string | undefined,
  hostName: string | null,
  fields: Record<string, unknown>,
): Promise<string | null> {
  if (givenId !== undefined) {
    const [agent] = await tx
      .select({ agentId: agents.agentId })
      .from(agents)
      .where(and(eq(agents.agentId, givenId), eq(agents.customerId, customerId)));
    if (!agent) throw badRequest('body.agent_id', "must be an enrolled agent of the alert's customer");
    return agent.agentId;
  }
  const host = entitySummary(hostName, fields).host?.trim().toLowerCase();
  if (!host) return null;
  const short = host.split('.')[0]!;
  const [agent] = await tx
    .select({ agentId: agents.agentId })
    .from(agents)
    .where(
      and(
        eq(agents.customerId, customerId),
        sql`(lower(${agents.hostName}) = ${host} or lower(split_part(${agents.hostName}, '.', 1)) = ${short})`,
      ),
    )
    .orderBy(
      // An exact name beats a first-label match; then the agent heard from last.
      sql`(lower(${agents.hostName}) = ${host}) desc`,
      sql`${agents.heartbeatAt} desc nulls last`,
      desc(agents.createdAt),
    )
    .limit(1);
  return agent?.agentId ?? null;
}
