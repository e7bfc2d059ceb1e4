import type { Agent, AgentState } from './api.ts';

/** The list's filters (spec 2, section 2): agent states, then what an endpoint is or runs. */
export const STATE_FILTERS = ['new', 'offline', 'online', 'out_of_date', 'unhealthy', 'isolated'] as const;
export const FLAG_FILTERS = ['sysmon', 'domain_controller', 'syslog_forwarder'] as const;
export type FilterKey = (typeof STATE_FILTERS)[number] | (typeof FLAG_FILTERS)[number];
export const FILTER_KEYS: readonly FilterKey[] = [...STATE_FILTERS, ...FLAG_FILTERS];

const FLAG_OF: Record<(typeof FLAG_FILTERS)[number], (a: Agent) => boolean> = {
  sysmon: (a) => a.sysmon_enabled,
  domain_controller: (a) => a.is_domain_controller,
  syslog_forwarder: (a) => a.syslog_forwarder,
};

/** Whether the agent passes every chosen filter (each narrows the list) and holds the text. */
export function matchesFilters(agent: Agent, filters: ReadonlySet<FilterKey>, text: string): boolean {
  for (const key of filters) {
    const ok =
      key in FLAG_OF ? FLAG_OF[key as keyof typeof FLAG_OF](agent) : agent.states.includes(key as AgentState);
    if (!ok) return false;
  }
  const needle = text.trim().toLowerCase();
  return needle === '' || agent.host_name.toLowerCase().includes(needle) || (agent.ip ?? '').includes(needle);
}

/** A platform's short name: the part before the first dash or underscore (spec 2, section 3). */
export const platformShort = (platform: string) => platform.split(/[-_]/)[0] || platform;

/** Risk from the status code: 0 green, 1 yellow, 2 red, anything else grey. */
export type Risk = 'green' | 'yellow' | 'red' | 'grey';
export const riskOf = (code: number): Risk =>
  code === 0 ? 'green' : code === 1 ? 'yellow' : code === 2 ? 'red' : 'grey';

export interface Totals {
  platform: [string, number][];
  architecture: [string, number][];
  risk: [Risk, number][];
}

const counted = <K extends string>(keys: Iterable<K>): [K, number][] => {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
};

/** How many of the agents run on each platform and architecture and have each risk. */
export function totalsOf(agents: readonly Agent[]): Totals {
  return {
    platform: counted(agents.map((a) => platformShort(a.platform))),
    architecture: counted(agents.map((a) => a.architecture)),
    risk: counted(agents.map((a) => riskOf(a.status_code))),
  };
}

/** "Late by" as the largest whole unit: seconds, minutes, hours or days. */
export function lateByParts(seconds: number): {
  unit: 'seconds' | 'minutes' | 'hours' | 'days';
  count: number;
} {
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}
