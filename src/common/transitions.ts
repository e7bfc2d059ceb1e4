import { STATUSES, type Status } from './statuses.ts';

/**
 * Allowed alert status changes. The spec leaves them open (spec 1 section 4.7); we decided:
 * - active statuses move freely among themselves and to the three resolutions, but never back
 *   to `new` (only where an alert starts) nor to `reopened` (only from a resolution);
 * - a resolved alert (closed, false_positive, accepted_risk) comes back only through `reopened`;
 * - `preview` and `muted` are set by the system, never by a person; an analyst takes a
 *   previewed or muted alert into work like an active one.
 */
const ACTIVE_TARGETS: readonly Status[] = ['open', 'acknowledged', 'escalated', 'deferred'];
const RESOLUTIONS: readonly Status[] = ['closed', 'false_positive', 'accepted_risk'];

export const SYSTEM_STATUSES: readonly Status[] = ['preview', 'muted'];

export function allowedTargets(from: string): readonly Status[] {
  if ((RESOLUTIONS as readonly string[]).includes(from)) return ['reopened'];
  if (STATUSES.some((s) => s.key === from)) {
    return [...ACTIVE_TARGETS, ...RESOLUTIONS].filter((to) => to !== from);
  }
  return [];
}

export function canTransition(from: string, to: string): boolean {
  return from === to || (allowedTargets(from) as readonly string[]).includes(to);
}
