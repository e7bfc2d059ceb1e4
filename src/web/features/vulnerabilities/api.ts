import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { components, operations } from '../../../api/schema.d.ts';
import { ApiError } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type Vulnerability = components['schemas']['Vulnerability'];
export type VulnerabilityItem = components['schemas']['VulnerabilityItem'];
export type VulnerabilityKind = components['schemas']['VulnerabilityKind'];
export type Cve = components['schemas']['Cve'];

/** One finding of a report row, with the list it came from. */
export interface Finding extends VulnerabilityItem {
  kind: VulnerabilityKind;
}

/**
 * The report call answered something other than a 200 with the report (spec 2, sections 5 and 8:
 * 'Invalid response getting vulnerabilities').
 */
export class InvalidVulnerabilitiesResponse extends Error {
  override name = 'InvalidVulnerabilitiesResponse';
  constructor() {
    super('Invalid response getting vulnerabilities');
  }
}

const isList = (value: unknown) => Array.isArray(value);
/** A report row the screen can draw: its customer, OS, three lists and count. */
function isReportRow(value: unknown): value is Vulnerability {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<Record<keyof Vulnerability, unknown>>;
  const os = row.os as { platform?: unknown } | null | undefined;
  return (
    typeof row.customer_id === 'string' &&
    typeof os?.platform === 'string' &&
    isList(row.patches) &&
    isList(row.applications) &&
    isList(row.standalone_os_vulnerabilities) &&
    typeof row.vulnerable_count === 'number'
  );
}

/** The report's parameters: the customers asked about (all of the caller's when none). */
const reportInit = (customerIds: readonly string[]) => ({
  params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } },
});

/** The report, checked row by row: anything but a 200 with rows the screen can draw is invalid. */
async function readReport(init: ReturnType<typeof reportInit>): Promise<Vulnerability[]> {
  let answer: { data?: { vulnerabilities?: unknown }; response: Response };
  try {
    answer = await api.GET('/api/ngreports/v1/vulnerabilities/', init);
  } catch (error) {
    // An answer that is an error is an invalid response; no answer at all stays a connection error.
    if (error instanceof ApiError && error.status !== null) throw new InvalidVulnerabilitiesResponse();
    throw error;
  }
  const rows = answer.data?.vulnerabilities;
  if (answer.response.status !== 200 || !Array.isArray(rows) || !rows.every(isReportRow))
    throw new InvalidVulnerabilitiesResponse();
  return rows;
}

/**
 * listVulnerabilities: one entry per customer and OS. Its key has the operation's shape
 * (`[method, path, init]`) so the area's invalidation reaches it; the answer is checked first.
 */
export const listVulnerabilities = (customerIds: readonly string[]) => {
  const init = reportInit(customerIds);
  return queryOptions({
    queryKey: ['get', '/api/ngreports/v1/vulnerabilities/', init] as const,
    queryFn: () => readReport(init),
  });
};

export type VulnerableAgent =
  operations['listVulnerableAgents']['responses'][200]['content']['application/json']['agents'][number];

/** The agents of one customer and OS that reported the finding (any finding without one). */
export const listVulnerableAgents = (
  customerId: string,
  platform: string,
  finding?: { kind: VulnerabilityKind; id: string },
) =>
  $api.queryOptions(
    'get',
    '/api/ngreports/v1/vulnerabilities/agents',
    { params: { query: { customer_id: customerId, platform, kind: finding?.kind, id: finding?.id } } },
    { select: (data) => data.agents },
  );

/** getCves: CVE details, described in the interface's language where the table has it. */
export const getCves = (ids: readonly string[], language: string) =>
  $api.queryOptions('get', '/api/threat/cve', {
    params: { query: { ids: [...ids] }, header: { 'Accept-Language': language } },
  });

/** Every finding of a row: patches, then applications, then OS vulnerabilities. */
export function findingsOf(row: Vulnerability): Finding[] {
  return [
    ...row.patches.map((f) => ({ ...f, kind: 'patch' as const })),
    ...row.applications.map((f) => ({ ...f, kind: 'application' as const })),
    ...row.standalone_os_vulnerabilities.map((f) => ({ ...f, kind: 'os' as const })),
  ];
}
