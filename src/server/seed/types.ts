import type { Priority } from '../../common/statuses.ts';
import type { AlertContext } from './alert-context.ts';
import type { HostKind } from './catalogue/platforms.ts';

/** Shapes shared by the per-entity generators; kept in memory for the whole seed (they are small). */

export interface Person {
  firstName: string;
  lastName: string;
  /** Sign-in name, e.g. j.smith@acme.example: what identity sources report. */
  upn: string;
  /** Windows account name, e.g. jsmith: what endpoint sources report as DOMAIN\user. */
  sam: string;
}

export interface AgentRef {
  agentId: string;
  hostName: string;
  kind: HostKind;
  osName: string;
  ip: string;
}

export interface CustomerRef {
  index: number;
  customerId: string;
  name: string;
  /** E-mail domain, always under .example. */
  domain: string;
  countryIso: string;
  /** Active Directory short domain name, e.g. ACME. */
  netbios: string;
  people: Person[];
  agents: AgentRef[];
  agentsByKind: Record<HostKind, AgentRef[]>;
  /** Relative share of alerts and agents: some customers are much bigger than others. */
  weight: number;
}

export interface BadFile {
  sha256: string;
  md5: string | null;
  fileName: string;
  family: string;
}

/** Indicators the alerts draw from, so a threat lookup from an alert's fields finds a verdict. */
export interface IndicatorPool {
  badIps: string[];
  badDomains: string[];
  badFiles: BadFile[];
}

export interface SeedProgress {
  phase: 'organisation' | 'agents' | 'cases' | 'triage' | 'alerts' | 'content' | 'done';
  done: number;
  total: number;
}

/** Which agents an alert template can be raised on; null for cloud sources that have no host. */
export type HostRequirement = HostKind | 'windows' | 'any' | null;

export interface AlertTemplate {
  title: string | ((c: AlertContext) => string);
  /** Detection category, shown as the alert's type. */
  type: string;
  /** external_source candidates: the product that raised it. */
  sources: readonly string[];
  host: HostRequirement;
  /** The usual priority; a seed moves some alerts one level up or down. */
  priority: Priority;
  /** Relative frequency: commodity detections are far more common than ransomware. */
  weight: number;
  fields(c: AlertContext): Record<string, unknown>;
}
