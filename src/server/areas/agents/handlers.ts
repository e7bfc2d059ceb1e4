import { and, asc, eq, gt } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentAgent, presentAgentDetail } from './present.ts';
import { deriveAgentStatus, isInactive } from './status.ts';
import { visibleAgent } from './visible-agent.ts';

/** Agents per page; the client asks again with the returned offset while one is returned. */
export const AGENT_PAGE_SIZE = 1000;

export const listAgents: Handler<'listAgents'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const offset = request.query.offset ?? 0;
  const after = request.query.heartbeat_after ? new Date(request.query.heartbeat_after) : undefined;
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(agents)
      .where(and(inIds(agents.customerId, ids), after ? gt(agents.heartbeatAt, after) : undefined))
      .orderBy(asc(agents.hostName), asc(agents.agentId))
      .limit(AGENT_PAGE_SIZE + 1)
      .offset(offset),
  );
  const more = rows.length > AGENT_PAGE_SIZE;
  const now = new Date();
  return {
    agents: rows.slice(0, AGENT_PAGE_SIZE).map((row) => presentAgent(row, now)),
    offset: more ? offset + AGENT_PAGE_SIZE : null,
  };
};

/** One agent of the caller's customers, with what the list leaves out. */
export const getAgent: Handler<'getAgent'> = async (request) => {
  const principal = principalOf(request);
  const agent = await asCaller(request, (tx) => visibleAgent(tx, principal, request.params.agent_id));
  return presentAgentDetail(agent, new Date());
};

/** Only inactive agents go: deleting one that still reports would orphan a running endpoint. */
export const deleteAgent: Handler<'deleteAgent'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id, { forUpdate: true });
    const now = new Date();
    if (!isInactive(agent, now)) {
      const { status } = deriveAgentStatus(agent, now);
      throw conflict(
        `Only inactive agents can be deleted: ${agent.hostName} is ${status.replaceAll('_', ' ')}.`,
      );
    }
    await tx.delete(agents).where(eq(agents.agentId, agent.agentId));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'agent',
      entityId: agent.agentId,
      customerId: agent.customerId,
      before: { host_name: agent.hostName, heartbeat_at: agent.heartbeatAt?.toISOString() ?? null },
    });
  });
  reply.status(204);
  return undefined;
};
