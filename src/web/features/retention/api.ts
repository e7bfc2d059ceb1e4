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

/** getLogRetention: each customer's retention, what is stored now and usage per day over `days`. */
export const getLogRetention = (customerIds: readonly string[], days: Span) =>
  $api.queryOptions(
    'get',
    '/api/search/v1/retention',
    { params: { query: { days, ...(customerIds.length > 0 && { customer_ids: [...customerIds] }) } } },
    { select: (data): CustomerRetention[] => data.customers },
  );

/** GET /retention (one customer, outside the list's cache): each customer's retention, what is stored now by type, and usage per day over `days`. */
export async function getRetention(
  customerIds: readonly string[],
  days: number,
): Promise<CustomerRetention[]> {
  const query = { days, customer_ids: customerIds.length ? [...customerIds] : undefined };
  return dataOf(await api.GET('/api/search/v1/retention', { params: { query } })).customers;
}

/** PUT /retention/{customer_id}: staff set the days kept. */
export async function setRetention(customerId: string, days: number) {
  return dataOf(
    await api.PUT('/api/search/v1/retention/{customer_id}', {
      params: { path: { customer_id: customerId } },
      body: { days },
    }),
  );
}
