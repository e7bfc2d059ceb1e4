import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import { audit, auditPerCustomer } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { agentActions, agents, alertActivity, alerts, cases } from '../../db/schema/index.ts';
import { escapeLike, inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, badRequest, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { type ActionType, actionParameters, expirySeconds, PENDING } from './action-types.ts';
import { requireAgentControl } from './control.ts';
import { presentAction } from './present.ts';
import { type AgentState, deriveAgentStatus } from './status.ts';
import { appendStep } from './steps.ts';
import { visibleAgent } from './visible-agent.ts';

const ACTIONS_PER_AGENT = 500;
const ACTIONS_OF_AGENTS = 1000;
const INSERT_BATCH = 1000;

interface Target {
  agentId: string;
  customerId: string;
}

interface Ask {
  parameters?: Record<string, unknown>;
  alert_id?: number | null;
  case_id?: number | null;
}

/** The alert or case an action was started from must belong to the same customer as every target. */
async function checkLinks(tx: Db, ask: Ask, targets: readonly Target[]) {
  const customers = [...new Set(targets.map((t) => t.customerId))];
  for (const [field, table, id] of [
    ['alert_id', alerts, ask.alert_id],
    ['case_id', cases, ask.case_id],
  ] as const) {
    if (id === undefined || id === null) continue;
    const [row] = await tx.select({ customerId: table.customerId }).from(table).where(eq(table.id, id));
    if (!row || customers.some((c) => c !== row.customerId))
      throw badRequest(
        field,
        `must be ${field === 'alert_id' ? 'an alert' : 'a case'} of the agents' customer`,
      );
  }
}

/** Queues one action per target, with its first step, in batches; answers the new ids. */
async function queueActions(
  tx: Db,
  principal: Principal,
  type: ActionType,
  ask: Ask,
  targets: readonly Target[],
) {
  const parameters = actionParameters(type, ask.parameters);
  await checkLinks(tx, ask, targets);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + expirySeconds(type) * 1000);
  const by = principal.user.contactId;
  const rows = [];
  for (let i = 0; i < targets.length; i += INSERT_BATCH) {
    const batch = targets.slice(i, i + INSERT_BATCH).map((t) => ({
      agentId: t.agentId,
      customerId: t.customerId,
      type,
      parameters,
      status: 'queued',
      steps: [{ status: 'queued', at: now.toISOString(), by }],
      requestedBy: by,
      alertId: ask.alert_id ?? null,
      caseId: ask.case_id ?? null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    }));
    rows.push(...(await tx.insert(agentActions).values(batch).returning()));
  }
  if (ask.alert_id !== undefined && ask.alert_id !== null) {
    // The alert's activity shows what was asked of which agents, beside its other events.
    await tx.insert(alertActivity).values({
      alertId: ask.alert_id,
      customerId: rows[0]!.customerId,
      actorId: by,
      impersonatorId: principal.impersonator?.contactId ?? null,
      action: 'action_requested',
      after: {
        action: type,
        parameters,
        agent_ids: rows.map((r) => r.agentId),
        agent_action_ids: rows.map((r) => r.actionId),
      },
    });
  }
  await auditPerCustomer(tx, principal, rows, (_customerId, own) => ({
    action: 'request_action',
    entity: 'agent_action',
    entityId: own.length === 1 ? own[0]!.actionId : undefined,
    after: { type, parameters, agent_ids: own.map((r) => r.agentId) },
  }));
  return rows;
}

/**
 * An endpoint action asked from an alert (`POST /alerts/v0/alerts/{id}/action/{action}`): one real
 * action on the alert's agent, linked to the alert, so its activity follows it to the end.
 */
export async function queueActionFromAlert(
  tx: Db,
  principal: Principal,
  alert: { id: number; agentId: string },
  type: ActionType,
  parameters: Record<string, unknown>,
) {
  // Asked through an alert's action, whose own rule is "change alerts": which action decides
  // whether it reaches an agent, so this check stays here.
  requireAgentControl(principal, 'act on agents');
  const agent = await visibleAgent(tx, principal, alert.agentId);
  const [row] = await queueActions(tx, principal, type, { parameters, alert_id: alert.id }, [agent]);
  return row!;
}

/**
 * An endpoint action a workflow asks on the agent its trigger names (agent offline, unhealthy,
 * a vulnerability found): the same checks and records as a person's request on that agent.
 */
export async function queueActionOnAgent(
  tx: Db,
  principal: Principal,
  agentId: string,
  type: ActionType,
  parameters: Record<string, unknown>,
) {
  requireAgentControl(principal, 'act on agents');
  const agent = await visibleAgent(tx, principal, agentId);
  const [row] = await queueActions(tx, principal, type, { parameters }, [agent]);
  return row!;
}

export const requestAgentAction: Handler<'requestAgentAction'> = async (request, reply) => {
  const principal = principalOf(request);
  const [row] = await asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    return queueActions(tx, principal, request.params.action, request.body ?? {}, [agent]);
  });
  reply.status(201);
  return presentAction(row!);
};

/** The agents "all that match" means: the caller's customers, a host name part, any of some states. */
async function matchingAgents(
  tx: Db,
  principal: Principal,
  match: { customer_ids?: string[]; states?: AgentState[]; host_name?: string },
): Promise<Target[]> {
  const ids = requestedCustomers(principal.scope.customerIds, match.customer_ids);
  const rows = await tx
    .select({
      agentId: agents.agentId,
      customerId: agents.customerId,
      heartbeatAt: agents.heartbeatAt,
      firstActive: agents.firstActive,
      checkInInterval: agents.checkInInterval,
      health: agents.health,
      version: agents.version,
      isIsolated: agents.isIsolated,
    })
    .from(agents)
    .where(
      and(
        inIds(agents.customerId, ids),
        match.host_name ? ilike(agents.hostName, `%${escapeLike(match.host_name)}%`) : undefined,
      ),
    );
  const states = match.states ?? [];
  if (states.length === 0) return rows;
  const now = new Date();
  return rows.filter((row) => deriveAgentStatus(row, now).states.some((s) => states.includes(s)));
}

export const requestAgentActions: Handler<'requestAgentActions'> = async (request, reply) => {
  const principal = principalOf(request);
  const { agent_ids, match, ...ask } = request.body;
  if ((agent_ids === undefined) === (match === undefined))
    throw badRequest('body', 'give agent_ids (the selection) or match (all that match), not both');
  const rows = await asCaller(request, async (tx) => {
    let targets: Target[];
    if (agent_ids) {
      const wanted = [...new Set(agent_ids)];
      targets = await tx
        .select({ agentId: agents.agentId, customerId: agents.customerId })
        .from(agents)
        .where(and(inArray(agents.agentId, wanted), inIds(agents.customerId, principal.scope.customerIds)));
      if (targets.length < wanted.length) {
        const missing = wanted.length - targets.length;
        throw new ApiError(
          404,
          'not_found',
          `${missing} of the ${wanted.length} agents ${missing === 1 ? 'was' : 'were'} not found; nothing was queued.`,
        );
      }
    } else {
      targets = await matchingAgents(tx, principal, match!);
    }
    if (targets.length === 0) return [];
    return queueActions(tx, principal, request.params.action, ask, targets);
  });
  reply.status(201);
  return { count: rows.length, action_ids: rows.map((r) => r.actionId) };
};

export const listAgentActions: Handler<'listAgentActions'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    const rows = await tx
      .select()
      .from(agentActions)
      .where(eq(agentActions.agentId, agent.agentId))
      .orderBy(desc(agentActions.createdAt), desc(agentActions.actionId))
      .limit(ACTIONS_PER_AGENT);
    return {
      is_active: deriveAgentStatus(agent, new Date()).states.includes('online'),
      actions: rows.map(presentAction),
    };
  });
};

/** One action of the caller's customers; another customer's is not found, like a missing one. */
export const getAgentAction: Handler<'getAgentAction'> = async (request) => {
  const principal = principalOf(request);
  const [row] = await asCaller(request, (tx) =>
    tx
      .select()
      .from(agentActions)
      .where(
        and(
          eq(agentActions.actionId, request.params.action_id),
          inIds(agentActions.customerId, principal.scope.customerIds),
        ),
      ),
  );
  if (!row) throw notFound(`Action ${request.params.action_id}`);
  return presentAction(row);
};

export const listActionsOfAgents: Handler<'listActionsOfAgents'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(agentActions)
      .where(
        and(
          inArray(agentActions.agentId, [...new Set(request.query.ids)]),
          inIds(agentActions.customerId, principal.scope.customerIds),
        ),
      )
      .orderBy(desc(agentActions.createdAt), desc(agentActions.actionId))
      .limit(ACTIONS_OF_AGENTS),
  );
  return { actions: rows.map(presentAction) };
};

/** Cancel stops what the agent has not started; force gives up waiting for what it has. */
export const cancelAgentAction: Handler<'cancelAgentAction'> = async (request) => {
  const principal = principalOf(request);
  const force = request.body?.force === true;
  return asCaller(request, async (tx) => {
    const [action] = await tx
      .select()
      .from(agentActions)
      .where(
        and(
          eq(agentActions.actionId, request.params.action_id),
          inIds(agentActions.customerId, principal.scope.customerIds),
        ),
      )
      .for('update');
    if (!action) throw notFound(`Action ${request.params.action_id}`);
    const pending = PENDING.includes(action.status as never);
    if (action.status === 'running' && !force)
      throw conflict('The action is running on the agent: force-cancel it to stop waiting for it.');
    if (!pending && action.status !== 'running')
      throw conflict(`The action already ${action.status}; there is nothing to cancel.`);
    const now = new Date();
    const [row] = await tx
      .update(agentActions)
      .set({
        status: 'cancelled',
        finishedAt: now,
        updatedAt: now,
        steps: appendStep({
          status: 'cancelled',
          at: now.toISOString(),
          by: principal.user.contactId,
          receipt: action.status === 'running' ? 'force-cancelled while running' : null,
        }),
      })
      .where(eq(agentActions.actionId, action.actionId))
      .returning();
    await audit(tx, principal, {
      action: force ? 'force_cancel_action' : 'cancel_action',
      entity: 'agent_action',
      entityId: action.actionId,
      customerId: action.customerId,
      before: { status: action.status },
      after: { status: 'cancelled' },
    });
    return presentAction(row!);
  });
};
