import { api } from '../../../api/client.ts';
import type { paths } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type CustomerRetention =
  paths['/api/search/v1/retention']['get']['responses']['200']['content']['application/json']['customers'][number];
export type UsageDay = CustomerRetention['days'][number];

/** The spans of usage over time the screen offers, in days. */
export const SPANS = [30, 90, 365] as const;
export type Span = (typeof SPANS)[number];

/** The retention the API accepts (openapi/paths/logs-usage.yaml). */
export const MIN_DAYS = 1;
export const MAX_DAYS = 400;

/** Every answer of the area, to mark stale after a change. */
export const RETENTION_AREA = '/api/search/v1/retention';

/**
 * getLogRetention: each customer's retention, what is stored now and usage per day over `days`
 * (a span the screen offers, or a customer's whole retention before it is shortened).
 */
export const getLogRetention = (customerIds: readonly string[], days: number) =>
  $api.queryOptions(
    'get',
    '/api/search/v1/retention',
    { params: { query: { days, ...(customerIds.length > 0 && { customer_ids: [...customerIds] }) } } },
    { select: (data): CustomerRetention[] => data.customers },
  );

/** setLogRetention: staff set the days a customer's logs are kept. */
export async function setLogRetention(customerId: string, days: number) {
  return dataOf(
    await api.PUT('/api/search/v1/retention/{customer_id}', {
      params: { path: { customer_id: customerId } },
      body: { days },
    }),
  );
}
