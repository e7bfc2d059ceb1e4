/**
 * The inputs events come from (spec 2, section 7: `/search/v1/sources/`). Each source names the
 * group the source selector shows it in and the fields its events carry, with their types. Beta
 * sources accept events but are hidden from the list.
 */
export type SourceGroup = 'most_common' | 'agents' | 'base' | 'integrations';
export type FieldType = 'date' | 'keyword' | 'text' | 'ip' | 'integer';

export interface LogSource {
  id: string;
  name: string;
  group: SourceGroup;
  is_beta: boolean;
  description: string;
}

/** The columns every event has, extracted at ingest; searchable on every source. */
export const COMMON_FIELDS: Record<string, FieldType> = {
  time: 'date',
  source: 'keyword',
  host: 'keyword',
  src_ip: 'ip',
  dst_ip: 'ip',
  user: 'keyword',
  event_id: 'integer',
  severity: 'keyword',
  message: 'text',
};

/** Fields of the raw event a source is known to carry, beyond the common ones. */
const SOURCE_FIELDS: Record<string, Record<string, FieldType>> = {
  windows: { channel: 'keyword', provider: 'keyword', logon_type: 'integer', process: 'keyword' },
  linux: { program: 'keyword', pid: 'integer', facility: 'keyword' },
  firewall: {
    action: 'keyword',
    src_port: 'integer',
    dst_port: 'integer',
    protocol: 'keyword',
    rule: 'keyword',
  },
  dns: { query: 'keyword', answer: 'keyword', rcode: 'keyword' },
  o365: { operation: 'keyword', workload: 'keyword', client_ip: 'ip', result_status: 'keyword' },
  web_proxy: { url: 'keyword', method: 'keyword', status: 'integer', bytes: 'integer' },
  syslog: { program: 'keyword', facility: 'keyword', app_name: 'keyword' },
  edr_beta: { process: 'keyword', sha256: 'keyword', parent_process: 'keyword' },
};

export const SOURCES: readonly LogSource[] = [
  {
    id: 'windows',
    name: 'Windows events',
    group: 'most_common',
    is_beta: false,
    description: 'Windows event logs forwarded by the agent.',
  },
  {
    id: 'firewall',
    name: 'Firewall',
    group: 'most_common',
    is_beta: false,
    description: 'Firewall traffic and rule hits.',
  },
  {
    id: 'linux',
    name: 'Linux',
    group: 'agents',
    is_beta: false,
    description: 'Linux system and authentication logs from the agent.',
  },
  { id: 'syslog', name: 'Syslog', group: 'base', is_beta: false, description: 'Any device sending syslog.' },
  { id: 'dns', name: 'DNS', group: 'base', is_beta: false, description: 'DNS queries and answers.' },
  {
    id: 'web_proxy',
    name: 'Web proxy',
    group: 'base',
    is_beta: false,
    description: 'Web requests through the proxy.',
  },
  {
    id: 'o365',
    name: 'Microsoft 365',
    group: 'integrations',
    is_beta: false,
    description: 'Microsoft 365 audit events.',
  },
  {
    id: 'edr_beta',
    name: 'EDR telemetry',
    group: 'agents',
    is_beta: true,
    description: 'Process telemetry from the agent (beta).',
  },
];

const BY_ID = new Map(SOURCES.map((source) => [source.id, source]));

export function findSource(id: string): LogSource | undefined {
  return BY_ID.get(id);
}

/** The fields of a source's events: the common ones, then its own. */
export function sourceMappings(id: string): Record<string, FieldType> {
  return { ...COMMON_FIELDS, ...(SOURCE_FIELDS[id] ?? {}) };
}

/** Visible sources: beta ones filtered out, sorted by name (spec 2, section 7). */
export function listedSources(): LogSource[] {
  return SOURCES.filter((source) => !source.is_beta).sort((a, b) => a.name.localeCompare(b.name));
}
