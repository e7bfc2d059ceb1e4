import type { Db } from '../../../db/types.ts';
import type { DeviceScope } from '../azure-scope.ts';
import type { ReportComponent, SectionKind } from '../document.ts';
import type { Period } from '../period.ts';
import { readBreachLookups, readLogVolume, readLookalikes } from './activity.ts';
import { readAlertsOverTime, readKpis, readTopAlertTypes } from './alerts.ts';
import { readAgentHealth, readVulnerabilities } from './fleet.ts';
import { readSavedSearch } from './saved-search.ts';
import { readWorkflowRuns } from './workflows.ts';

const DEFAULT_LIMIT = 10;

/** What a section may read besides the customer and period: the report's own settings. */
export interface SectionContext {
  /** The saved search a saved_search section lists. */
  savedSearchId?: string | null;
  /** The Azure groups' devices the report narrows to; none: the whole customer. */
  devices?: DeviceScope | null;
}

type Reader = (
  tx: Db,
  customerId: string,
  period: Period,
  limit: number,
  now: Date,
  context: SectionContext,
) => Promise<unknown>;

/** What each data section reads, in the caller's transaction (row-level security applies). */
const READERS: Record<SectionKind, Reader> = {
  kpis: (tx, customer, period, _limit, _now, { devices }) => readKpis(tx, customer, period, devices),
  alerts_over_time: (tx, customer, period, _limit, _now, { devices }) =>
    readAlertsOverTime(tx, customer, period, devices),
  top_alert_types: (tx, customer, period, limit, _now, { devices }) =>
    readTopAlertTypes(tx, customer, period, limit, devices),
  agent_health: (tx, customer, _period, _limit, now, { devices }) =>
    readAgentHealth(tx, customer, now, devices),
  vulnerabilities: (tx, customer, _period, limit, _now, { devices }) =>
    readVulnerabilities(tx, customer, limit, devices),
  log_volume: (tx, customer, period) => readLogVolume(tx, customer, period),
  lookalike_domains: (tx, customer, period, limit) => readLookalikes(tx, customer, period, limit),
  breach_lookups: (tx, customer, period, limit) => readBreachLookups(tx, customer, period, limit),
  saved_search: (tx, customer, period, limit, _now, context) =>
    readSavedSearch(tx, customer, period, limit, context.savedSearchId ?? null, context.devices),
  workflows: (tx, customer, period, limit) => readWorkflowRuns(tx, customer, period, limit),
};

/**
 * The sections about devices and their alerts, which narrow to Azure groups; the others (log
 * volume, domains, breach look-ups, workflows) know no device and cover the whole customer.
 */
const NARROWS = new Set<SectionKind>([
  'kpis',
  'alerts_over_time',
  'top_alert_types',
  'agent_health',
  'vulnerabilities',
  'saved_search',
]);

export interface SectionData {
  type: ReportComponent['type'];
  section: SectionKind | null;
  title: string | null;
  data: unknown;
  /** With Azure groups, whether the figures cover only their devices; null without, or for text and layout. */
  narrowed: boolean | null;
}

/** Each component with its figures (null for text and layout), in document order. */
export async function readSections(
  tx: Db,
  components: readonly ReportComponent[],
  customerId: string,
  period: Period,
  now: Date,
  context: SectionContext = {},
): Promise<SectionData[]> {
  const sections: SectionData[] = [];
  for (const component of components) {
    const reader = component.type === 'section' && component.section ? READERS[component.section] : null;
    sections.push({
      type: component.type,
      section: component.section ?? null,
      title: component.title ?? null,
      narrowed: reader && context.devices ? NARROWS.has(component.section!) : null,
      data: reader
        ? await reader(tx, customerId, period, component.limit ?? DEFAULT_LIMIT, now, context)
        : null,
    });
  }
  return sections;
}

export type { AgentState } from '../../agents/index.ts';
