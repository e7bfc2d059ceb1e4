import { api } from '../../../api/client.ts';
import type { components, operations } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type ChromePolicy = components['schemas']['ChromePolicy'];
export type DomainMode = ChromePolicy['risky_domain_mode'];
export type ComplianceData = components['schemas']['ComplianceData'];
export type ComplianceQuery = Omit<
  NonNullable<operations['getCustomerComplianceData']['parameters']['query']>,
  'format'
>;

const policyPath = '/api/management/customers/{customer_id}/chrome-policy' as const;

/** getCustomerChromePolicy: the customer's policy for the browser extension. */
export const getCustomerChromePolicy = (customerId: string) =>
  $api.queryOptions('get', policyPath, { params: { path: { customer_id: customerId } } });

export async function saveChromePolicy(customerId: string, body: ChromePolicy): Promise<ChromePolicy> {
  return dataOf(await api.PUT(policyPath, { params: { path: { customer_id: customerId } }, body }));
}

/** The managed-policy JSON as a download (the session cookie goes with a plain link). */
export const managedPolicyUrl = (customerId: string) =>
  `/api/management/customers/${encodeURIComponent(customerId)}/chrome-policy/managed`;

/** getCustomerComplianceData: the customer's daily log volumes for a period (JSON; CSV below). */
export const getCustomerComplianceData = (customerId: string, query: ComplianceQuery) =>
  $api.queryOptions(
    'get',
    '/api/management/customers/{customer_id}/compliance-data',
    { params: { path: { customer_id: customerId }, query } },
    { select: (data) => data as ComplianceData },
  );

/** The same rows as a CSV download through the server's one CSV writer. */
export function complianceCsvUrl(customerId: string, query: ComplianceQuery): string {
  const params = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/management/customers/${encodeURIComponent(customerId)}/compliance-data?${params}`;
}
