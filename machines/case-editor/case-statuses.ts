import type { components } from '../../src/api/schema.d.ts';

/** The statuses a case can be given (spec 1, section 4.7, without the system-only preview and muted). */
export type CaseStatus = components['schemas']['CaseStatus'];
export const CASE_STATUSES: readonly CaseStatus[] = [
  'new',
  'open',
  'acknowledged',
  'escalated',
  'deferred',
  'reopened',
  'closed',
  'false_positive',
  'accepted_risk',
];
