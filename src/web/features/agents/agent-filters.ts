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
