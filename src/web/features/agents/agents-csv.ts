import { toCsv } from '../../lib/csv.ts';
import type { Agent } from './api.ts';

const COLUMNS = [
  'host_name',
  'customer',
  'status',
  'states',
  'late_by_seconds',
  'platform',
  'architecture',
  'version',
  'ip',
  'is_domain_controller',
  'is_isolated',
  'sysmon_enabled',
  'syslog_forwarder',
  'heartbeat_at',
  'first_active',
  'agent_id',
] as const;
export type AgentCsvColumn = (typeof COLUMNS)[number];

/** The CSV of the agents (the shared writer: every field quoted, formulas neutralised). */
export function agentsCsv(
  agents: readonly Agent[],
  customerName: (id: string) => string,
  header: (column: AgentCsvColumn) => string,
): string {
  return toCsv(
    COLUMNS.map(header),
    agents.map((a) => COLUMNS.map((c) => (c === 'customer' ? customerName(a.customer_id) : a[c]))),
  );
}
