import { type FilterKey, matchesFilters } from './agent-filters.ts';
import type { Agent } from './api.ts';

/** The lower-cased host name and address an agent is searched by, made once per agent object. */
const keys = new WeakMap<Agent, { host: string; ip: string }>();

function searchKey(agent: Agent) {
  let key = keys.get(agent);
  if (!key) {
    key = { host: agent.host_name.toLowerCase(), ip: (agent.ip ?? '').toLowerCase() };
    keys.set(agent, key);
  }
  return key;
}

/** One filtering of the list: what it read and what it kept. */
export interface AgentSearch {
  agents: readonly Agent[];
  filters: ReadonlySet<FilterKey>;
  needle: string;
  rows: Agent[];
}

/**
 * The agents that pass the filters and hold the text in their host name or address. Typing on
 * extends the text, and every agent that holds the longer text held the shorter one: then only
 * the previous result is searched, not every agent (for 10 000 agents the first keys narrow the
 * list to a few hundred).
 */
export function searchAgents(
  previous: AgentSearch | null,
  agents: readonly Agent[],
  filters: ReadonlySet<FilterKey>,
  text: string,
): AgentSearch {
  const needle = text.trim().toLowerCase();
  if (previous && previous.agents === agents && previous.filters === filters && previous.needle === needle)
    return previous;
  const narrowing =
    previous !== null &&
    previous.agents === agents &&
    previous.filters === filters &&
    needle.includes(previous.needle);
  const holds = (agent: Agent) => {
    if (needle === '') return true;
    const key = searchKey(agent);
    return key.host.includes(needle) || key.ip.includes(needle);
  };
  const rows = narrowing
    ? previous.rows.filter(holds)
    : filters.size === 0
      ? agents.filter(holds)
      : agents.filter((agent) => matchesFilters(agent, filters, '') && holds(agent));
  return { agents, filters, needle, rows };
}
