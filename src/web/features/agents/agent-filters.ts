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

/** The list's filters as its address carries them: `?status=offline,isolated&kind=sysmon&q=dc`. */
export interface AddressFilters {
  filters: ReadonlySet<FilterKey>;
  text: string;
}

/** Reads the filters of the address; unknown values are left out (a link never breaks the page). */
export function filtersFromQuery(search: string): AddressFilters {
  const query = new URLSearchParams(search);
  const values = (name: string) => query.getAll(name).flatMap((v) => v.split(','));
  const states = values('status').filter((v) => (STATE_FILTERS as readonly string[]).includes(v));
  const flags = values('kind').filter((v) => (FLAG_FILTERS as readonly string[]).includes(v));
  return { filters: new Set([...states, ...flags] as FilterKey[]), text: query.get('q') ?? '' };
}

/** The query that carries the filters, in the filters' own order; '' when none is set. */
export function filtersToQuery({ filters, text }: AddressFilters): string {
  const query = new URLSearchParams();
  const states = STATE_FILTERS.filter((s) => filters.has(s));
  const flags = FLAG_FILTERS.filter((f) => filters.has(f));
  if (states.length) query.set('status', states.join(','));
  if (flags.length) query.set('kind', flags.join(','));
  if (text.trim()) query.set('q', text.trim());
  return query.toString().replaceAll('%2C', ',');
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
