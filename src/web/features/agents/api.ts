import type {
  ActionRequest,
  AgentActionType,
} from '../../../../machines/agent-action/agent-action.context.ts';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export { ACTION_POLL_MS, type AgentInstallerPlatform, requestAgentInstaller } from '../../api/agents.ts';

export type Agent = components['schemas']['Agent'];
export type AgentDetail = components['schemas']['AgentDetail'];
export type AgentAction = components['schemas']['AgentAction'];
export type AgentState = components['schemas']['AgentState'];
export type AgentMatch = components['schemas']['AgentMatch'];

/** The agents call answered something that is not a page of agents (spec 2, section 8). */
export class InvalidAgentsResponse extends Error {
  constructor() {
    super('Invalid response while fetching agents');
  }
}

const isAgentsPage = (page: unknown): page is { agents: Agent[]; offset: number | null } => {
  if (typeof page !== 'object' || page === null) return false;
  const { agents, offset } = page as { agents?: unknown; offset?: unknown };
  return (
    Array.isArray(agents) && (offset === null || (typeof offset === 'number' && Number.isInteger(offset)))
  );
};

/** Every agent of the customers (all of the caller's when none), page after page. */
export async function listAgents(customerIds: readonly string[], since?: string): Promise<Agent[]> {
  const agents: Agent[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: unknown = dataOf(
      await api.GET('/api/agents/v1/agents/', {
        params: {
          query: {
            offset,
            heartbeat_after: since,
            customer_ids: customerIds.length ? [...customerIds] : undefined,
          },
        },
      }),
    );
    if (!isAgentsPage(page)) throw new InvalidAgentsResponse();
    agents.push(...page.agents);
    offset = page.offset;
  }
  return agents;
}

export async function getAgent(agentId: string): Promise<AgentDetail> {
  return dataOf(
    await api.GET('/api/agents/v1/agents/{agent_id}', { params: { path: { agent_id: agentId } } }),
  );
}

/** The agent's actions, newest first; a null answer is an inactive agent with none (spec 2, section 7). */
export async function listAgentActions(
  agentId: string,
): Promise<{ is_active: boolean; actions: AgentAction[] }> {
  const data = dataOf(
    await api.GET('/api/agents/v1/agents/{agent_id}/actions', { params: { path: { agent_id: agentId } } }),
  );
  return data ?? { is_active: false, actions: [] };
}

/** One action as it is now: the one read a pending action card repeats. */
export async function getAgentAction(actionId: string, signal?: AbortSignal): Promise<AgentAction> {
  return dataOf(
    await api.GET('/api/agents/v1/actions/{action_id}', {
      params: { path: { action_id: actionId } },
      signal,
    }),
  );
}

/** One action for one agent; `alertId` links it to the alert it was started from (its activity shows it). */
export async function requestAgentAction(
  agentId: string,
  request: ActionRequest,
  alertId?: number,
): Promise<AgentAction> {
  return dataOf(
    await api.POST('/api/agents/v1/agents/{agent_id}/actions/{action}', {
      params: { path: { agent_id: agentId, action: request.type } },
      body: { parameters: request.parameters, ...(alertId === undefined ? {} : { alert_id: alertId }) },
    }),
  );
}

/** One action for each agent named, or for every agent that matches; answers how many were queued. */
export async function requestAgentActions(
  type: AgentActionType,
  parameters: Record<string, unknown>,
  target: { agentIds: readonly string[] } | { match: AgentMatch },
): Promise<number> {
  const body = 'agentIds' in target ? { agent_ids: [...target.agentIds] } : { match: target.match };
  const result = dataOf(
    await api.POST('/api/agents/v1/agents/actions/{action}', {
      params: { path: { action: type } },
      body: { parameters, ...body },
    }),
  );
  return result.count;
}

/** The most recent actions of the agents (the selection of the list), newest first. */
export const listActionsOfAgents = (agentIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/agents/v1/agents/actions',
    { params: { query: { ids: [...agentIds] } } },
    { select: (data): AgentAction[] => data.actions },
  );

/** Sets one attribute of the agent, until `expiresAt` when given. */
export async function setAgentAttribute(
  agentId: string,
  name: string,
  value: string | number | boolean,
  expiresAt: string | null,
) {
  return dataOf(
    await api.PUT('/api/agents/v1/agents/{agent_id}/attributes/{name}', {
      params: { path: { agent_id: agentId, name } },
      body: { value, expires_at: expiresAt },
    }),
  );
}

export async function cancelAgentAction(actionId: string, force: boolean): Promise<AgentAction> {
  return dataOf(
    await api.POST('/api/agents/v1/actions/{action_id}/cancel', {
      params: { path: { action_id: actionId } },
      body: force ? { force } : {},
    }),
  );
}

/** Deletes one inactive agent; an active one is refused (409). */
export async function deleteAgent(agentId: string): Promise<void> {
  // 204 No Content: the error middleware has already thrown for anything else.
  await api.DELETE('/api/agents/v1/agents/{agent_id}', { params: { path: { agent_id: agentId } } });
}

export type AgentInventoryEntry = components['schemas']['AgentInventoryEntry'];
export type AgentIssue = components['schemas']['AgentIssue'];
export type AgentLoginLocation = components['schemas']['AgentLoginLocation'];
export type AgentDiagnosticsBundle = components['schemas']['AgentDiagnosticsBundle'];

/** The installed software as the agent last reported it; none when it never did. */
export const getAgentInventory = (agentId: string) =>
  $api.queryOptions(
    'get',
    '/api/agents/v1/agents/{agent_id}/inventory',
    { params: { path: { agent_id: agentId } } },
    { select: (data): AgentInventoryEntry[] => data ?? [] },
  );

export const getAgentIssues = (agentId: string) =>
  $api.queryOptions('get', '/api/agents/v1/agents/{agent_id}/issues', {
    params: { path: { agent_id: agentId } },
  });

export const getAgentLoginLocations = (agentId: string) =>
  $api.queryOptions('get', '/api/agents/v1/agents/{agent_id}/login-locations', {
    params: { path: { agent_id: agentId } },
  });

export const getAgentDiagnostics = (agentId: string) =>
  $api.queryOptions(
    'get',
    '/api/agents/v1/agents/{agent_id}/diagnostics',
    { params: { path: { agent_id: agentId } } },
    { select: (data): AgentDiagnosticsBundle[] => data.bundles },
  );

/** Where a complete bundle downloads from (the browser fetches it with the session's cookie). */
export const diagnosticsDownloadUrl = (agentId: string, bundleId: string) =>
  `/api/agents/v1/agents/${encodeURIComponent(agentId)}/diagnostics/${encodeURIComponent(bundleId)}/download`;

export type AgentSettings = components['schemas']['AgentSettings'];
export type TerminalCertificate = components['schemas']['TerminalCertificate'];

export const getAgentSettings = (agentId: string) =>
  $api.queryOptions('get', '/api/agents/v1/agents/{agent_id}/settings', {
    params: { path: { agent_id: agentId } },
  });

/** Turns a setting on or off; the syslog forwarder without a compliance licence is refused (403). */
export async function updateAgentSettings(
  agentId: string,
  change: { syslog_forwarder?: boolean; terminal_enabled?: boolean },
): Promise<AgentSettings> {
  return dataOf(
    await api.PUT('/api/agents/v1/agents/{agent_id}/settings', {
      params: { path: { agent_id: agentId } },
      body: change,
    }),
  );
}

export const getTerminalCapability = (agentId: string) =>
  $api.queryOptions('get', '/api/module/agents/v1/agents/interactive-shell/capable/{agent_id}', {
    params: { path: { agent_id: agentId } },
  });

export const listTerminalCertificates = (customerId: string) =>
  $api.queryOptions('get', '/api/agents/v1/terminal-certificates', {
    params: { query: { customer_ids: [customerId] } },
  });

export async function grantTerminalCertificate(customerId: string, email: string) {
  return dataOf(
    await api.POST('/api/agents/v1/terminal-certificates', { body: { customer_id: customerId, email } }),
  );
}

export async function revokeTerminalCertificate(certificateId: string) {
  return dataOf(
    await api.POST('/api/agents/v1/terminal-certificates/{certificate_id}/revoke', {
      params: { path: { certificate_id: certificateId } },
    }),
  );
}

export type AgentTotalsAnswer = components['schemas']['AgentTotal'];

/** Totals over every agent the filters match, counted by the server (not from the loaded rows). */
export const getAgentTotals = (query: {
  customerIds: readonly string[];
  states: readonly AgentState[];
  flags: readonly ('sysmon' | 'domain_controller' | 'syslog_forwarder')[];
  text: string;
}) =>
  $api.queryOptions('get', '/api/agents/v1/agents/totals', {
    params: {
      query: {
        customer_ids: query.customerIds.length ? [...query.customerIds] : undefined,
        states: query.states.length ? [...query.states] : undefined,
        flags: query.flags.length ? [...query.flags] : undefined,
        q: query.text.trim() || undefined,
      },
    },
  });
