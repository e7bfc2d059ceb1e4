import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import { dataOf as must } from '../../api/errors.ts';

export type Customer = components['schemas']['Customer'];
export type Contact = components['schemas']['Contact'];
export type Agent = components['schemas']['Agent'];
export type AuthConfig = components['schemas']['AuthConfig'];
export type Vulnerability = components['schemas']['Vulnerability'];
export type Domain = components['schemas']['Domain'];

// A failed call throws an ApiError; the shell keeps what it had and tries again on the next tick.

export async function getAuthConfig(): Promise<AuthConfig> {
  return must(await api.GET('/api/auth/config'));
}

export async function listCustomers(skipCache = false): Promise<Customer[]> {
  const data = must(
    await api.GET('/api/management/customers', { params: { query: { skip_cache: skipCache || undefined } } }),
  );
  return [...data.customers].sort((a, b) => a.name.localeCompare(b.name));
}

export async function listContacts(skipCache = false): Promise<Contact[]> {
  const data = must(
    await api.GET('/api/management/contacts', { params: { query: { skip_cache: skipCache || undefined } } }),
  );
  return data.contacts;
}

/** The vulnerabilities report of every customer the caller may see (spec 1, section 3: primary data). */
export async function listVulnerabilities(): Promise<Vulnerability[]> {
  return must(await api.GET('/api/ngreports/v1/vulnerabilities/')).vulnerabilities;
}

/** The monitored domains of every customer the caller may see. */
export async function listDomains(): Promise<Domain[]> {
  return must(await api.GET('/api/tacklebox/v1/domains')).domains;
}

/** All agents, page after page while the answer names a next offset; `since` keeps only recent heartbeats. */
export async function listAgents(since?: string): Promise<Agent[]> {
  const agents: Agent[] = [];
  let offset: number | null = 0;
  for (let page = 0; offset !== null && page < 1000; page++) {
    const data: { agents: Agent[]; offset: number | null } = must(
      await api.GET('/api/agents/v1/agents/', { params: { query: { offset, heartbeat_after: since } } }),
    );
    agents.push(...data.agents);
    offset = data.offset;
  }
  return agents;
}

/** Replaces known agents by id and adds new ones. */
export function mergeAgents(current: readonly Agent[], fresh: readonly Agent[]): Agent[] {
  if (fresh.length === 0) return current as Agent[];
  const byId = new Map(current.map((a) => [a.agent_id, a]));
  for (const agent of fresh) byId.set(agent.agent_id, agent);
  return [...byId.values()];
}

const customerQuery = (customerIds: readonly string[]) => ({
  customer_ids: customerIds.length ? [...customerIds] : undefined,
  statuses: [...OPEN_STATUSES],
});

/** countAlerts: open alerts of the selected customers (all when none is selected). */
export async function countAlerts(customerIds: readonly string[]): Promise<number> {
  return must(await api.GET('/api/alerts/v1/alerts/count', { params: { query: customerQuery(customerIds) } }))
    .count;
}

/** countCases: open cases of the selected customers (all when none is selected). */
export async function countCases(customerIds: readonly string[]): Promise<number> {
  return must(await api.GET('/api/cases/v1/cases/count', { params: { query: customerQuery(customerIds) } }))
    .count;
}

/**
 * listUpdates asked for the count alone: updates published after `since` (all of them when the
 * user never opened the list).
 */
export async function listUpdates(since: string | undefined): Promise<number> {
  const data = must(
    await api.GET('/api/updates/v1/updates/', { params: { query: { since, batch_size: 1 } } }),
  );
  return data.total;
}
