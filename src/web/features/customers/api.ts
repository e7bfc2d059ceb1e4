import { api } from '../../../api/client.ts';
import type { components, operations } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The list's path: after a change, its cached answers are marked stale. */
export const CUSTOMERS_AREA = '/api/management/customers';

export type Customer = components['schemas']['Customer'];
export type Subscription = components['schemas']['Subscription'];
export type SubscriptionStatus = components['schemas']['SubscriptionStatus'];
export type SubscriptionBilling = components['schemas']['SubscriptionBilling'];
export type CustomerFields = components['schemas']['CustomerFields'];
export type CustomerListQuery = NonNullable<operations['listCustomers']['parameters']['query']>;
export type CustomerSort = NonNullable<CustomerListQuery['sort']>;

/** GET /management/customers, sorted and filtered by the server (past its cache: skip_cache). */
export const listCustomers = (query: CustomerListQuery) =>
  $api.queryOptions(
    'get',
    '/api/management/customers',
    { params: { query: { ...query, skip_cache: true } } },
    { select: (data): Customer[] => data.customers },
  );

export async function createCustomer(body: CustomerFields & { name: string }): Promise<Customer> {
  return dataOf(
    await api.POST('/api/management/customers', { params: { query: { synchronous: true } }, body }),
  );
}

export async function updateCustomer(id: string, body: CustomerFields): Promise<Customer> {
  return dataOf(await api.PATCH('/api/management/customers/{id}', { params: { path: { id } }, body }));
}

export async function deleteCustomer(id: string): Promise<void> {
  // A refusal throws in the client's middleware; 204 has no body.
  await api.DELETE('/api/management/customers/{id}', { params: { path: { id } } });
}

export async function createCustomerSubscription(
  id: string,
  body: { product: string; billing: SubscriptionBilling },
): Promise<Customer> {
  return dataOf(
    await api.POST('/api/management/customers/{id}/subscriptions', { params: { path: { id } }, body }),
  );
}

export async function updateCustomerSubscription(
  id: string,
  subscriptionId: string,
  body: { status?: SubscriptionStatus; billing?: SubscriptionBilling },
): Promise<Customer> {
  return dataOf(
    await api.PATCH('/api/management/customers/{id}/subscriptions/{subscription_id}', {
      params: { path: { id, subscription_id: subscriptionId } },
      body,
    }),
  );
}

export type CustomerProduct = components['schemas']['CustomerProduct'];

/** listCustomerSubscriptions: one customer's subscriptions. */
export const listCustomerSubscriptions = (id: string) =>
  $api.queryOptions(
    'get',
    '/api/management/customers/{id}/subscriptions',
    { params: { path: { id } } },
    { select: (data): Subscription[] => data.subscriptions },
  );

/** The products the caller's customers subscribe to, by name: suggestions for a new subscription. */
export const listCustomerProducts = () =>
  $api.queryOptions(
    'get',
    '/api/management/products',
    {},
    { select: (data): CustomerProduct[] => data.products },
  );
