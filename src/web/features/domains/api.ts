import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const DOMAINS_AREA = '/api/tacklebox/';

export type Domain = components['schemas']['Domain'];
export type Lookalike = components['schemas']['Lookalike'];
export type RiskFactor = components['schemas']['RiskFactor'];

/** Monitored domains of these customers (every customer the caller may see when none given). */
export const listDomains = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/tacklebox/v1/domains',
    { params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (data): Domain[] => data.domains },
  );

/** Adds one domain or many for a customer. */
export async function createDomains(customerId: string, names: readonly string[]): Promise<Domain[]> {
  return dataOf(
    await api.POST('/api/tacklebox/v1/domains', {
      body: { customer_id: customerId || null, names: [...names] },
    }),
  ).domains;
}

export async function updateDomain(uid: string, active: boolean): Promise<Domain> {
  return dataOf(
    await api.PUT('/api/tacklebox/v1/domains/{id}', { params: { path: { id: uid } }, body: { active } }),
  );
}

export const listLookalikes = (uid: string) =>
  $api.queryOptions('get', '/api/tacklebox/v1/domains/{id}/lookalikes', { params: { path: { id: uid } } });

export const getLookalike = (uid: string, name: string) =>
  $api.queryOptions('get', '/api/tacklebox/v1/domains/{id}/lookalikes/{name}', {
    params: { path: { id: uid, name } },
  });

export type DomainFuzzLists = components['schemas']['DomainFuzzLists'];

/** The words and suffixes the dictionary and tld-swap fuzzers use for this domain. */
export const getDomainFuzzLists = (uid: string) =>
  $api.queryOptions('get', '/api/tacklebox/v1/domains/{id}/fuzz-lists', { params: { path: { id: uid } } });

/** Sets the domain's own lists (null: back to the default); the next scan uses them. */
export async function updateDomainFuzzLists(
  uid: string,
  words: string[] | null,
  tlds: string[] | null,
): Promise<DomainFuzzLists> {
  return dataOf(
    await api.PUT('/api/tacklebox/v1/domains/{id}/fuzz-lists', {
      params: { path: { id: uid } },
      body: { words, tlds },
    }),
  );
}
