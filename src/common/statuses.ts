/** Alert and ticket statuses (spec 1, section 4.7). */
export const STATUSES = [
  { key: 'new', active: true, colour: 'green' },
  { key: 'open', active: true, colour: 'white' },
  { key: 'acknowledged', active: true, colour: 'white' },
  { key: 'escalated', active: true, colour: 'yellow' },
  { key: 'deferred', active: true, colour: 'red' },
  { key: 'reopened', active: true, colour: 'grey' },
  { key: 'closed', active: false, colour: 'blue' },
  { key: 'false_positive', active: false, colour: 'grey' },
  { key: 'accepted_risk', active: false, colour: 'grey' },
  { key: 'preview', active: false, colour: 'grey' },
  { key: 'muted', active: false, colour: 'grey' },
] as const;

export type Status = (typeof STATUSES)[number]['key'];
export type StatusColour = (typeof STATUSES)[number]['colour'];

/** The open-type set: what the sidebar counts and what "active" means. */
export const OPEN_STATUSES: readonly Status[] = STATUSES.filter((s) => s.active).map((s) => s.key);

/** Unknown statuses show grey. */
export function statusColour(status: string): StatusColour {
  return STATUSES.find((s) => s.key === status)?.colour ?? 'grey';
}

export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

const PRIORITY_COLOURS: Record<Priority, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'green',
};

/** Unknown priorities show grey. */
export function priorityColour(priority: string): string {
  return PRIORITY_COLOURS[priority as Priority] ?? 'grey';
}

/** Severity ranking (spec 1, section 3). */
export const SEVERITY_RANK = { clean: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;

/** Agent status indicator: 0 green, 1 yellow, 2 red, otherwise grey. */
export function agentStatusColour(statusCode: number): 'green' | 'yellow' | 'red' | 'grey' {
  return statusCode === 0 ? 'green' : statusCode === 1 ? 'yellow' : statusCode === 2 ? 'red' : 'grey';
}
