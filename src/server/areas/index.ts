import type { Handlers, OperationId } from '../platform/handler.ts';
import { adminArea } from './admin/index.ts';
import { agentsArea } from './agents/index.ts';
import { alertsArea } from './alerts/index.ts';
import { type AnyArea, mergeOnce } from './area.ts';
import { assistantArea } from './assistant/index.ts';
import { authArea } from './auth/index.ts';
import { casesArea } from './cases/index.ts';
import { connectorsArea } from './connectors/index.ts';
import { countsArea } from './counts/index.ts';
import { customersArea } from './customers/index.ts';
import { dashboardArea } from './dashboard/index.ts';
import { discussionsArea } from './discussions/index.ts';
import { domainsArea } from './domains/index.ts';
import { escalationsArea } from './escalations/index.ts';
import { integrationsArea } from './integrations/index.ts';
import { logsArea } from './logs/index.ts';
import { mutesArea } from './mutes/index.ts';
import { omniboxArea } from './omnibox/index.ts';
import { PLATFORM } from './platform.ts';
import { provisioningArea } from './provisioning/index.ts';
import { reportsArea } from './reports/index.ts';
import { shellArea } from './shell/index.ts';
import { terminalArea } from './terminal/index.ts';
import { threatArea } from './threat/index.ts';
import { updatesArea } from './updates/index.ts';
import { usersArea } from './users/index.ts';
import { vulnerabilitiesArea } from './vulnerabilities/index.ts';
import { workflowsArea } from './workflows/index.ts';

/**
 * Every area of the server. The contract router's handlers (below), the job runner's kinds and
 * schedules (jobs/registry.ts) and the row-level security policies (db/tenant-policies.ts) are
 * derived from this list and the platform's (platform.ts): a new area is one line here.
 */
export const AREAS = [
  shellArea,
  adminArea,
  authArea,
  customersArea,
  usersArea,
  countsArea,
  alertsArea,
  agentsArea,
  updatesArea,
  omniboxArea,
  logsArea,
  threatArea,
  mutesArea,
  casesArea,
  discussionsArea,
  integrationsArea,
  vulnerabilitiesArea,
  domainsArea,
  dashboardArea,
  reportsArea,
  workflowsArea,
  provisioningArea,
  assistantArea,
  escalationsArea,
  terminalArea,
  connectorsArea,
] as const;

/** The areas and what belongs to none of them: where jobs, schedules and tables are declared. */
export const EVERY_DECLARER: readonly AnyArea[] = [PLATFORM, ...AREAS];

type UnionToIntersection<U> = (U extends unknown ? (from: U) => void : never) extends (from: infer I) => void
  ? I
  : never;
type AreaOperations = UnionToIntersection<(typeof AREAS)[number]['handlers']>;

/**
 * Every operation of the contract, by operationId. Routes refuse to start, and the contract test
 * fails, when an operation is missing; two areas serving one operation stop the server here.
 */
export const handlers = mergeOnce(
  'operation',
  AREAS.map((area) => ({ name: area.name, entries: area.handlers as Record<string, unknown> })),
) as AreaOperations;

// Every operation has a handler, checked by the compiler too.
handlers satisfies Handlers<OperationId>;
