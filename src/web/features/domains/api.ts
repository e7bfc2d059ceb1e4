import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';

export type Domain = components['schemas']['Domain'];
export type Lookalike = components['schemas']['Lookalike'];
export type RiskFactor = components['schemas']['RiskFactor'];

/** Monitored domains of these customers (every customer the caller may see when none given). */
export async function listDomains(customerIds: readonly string[]): Promise<Domain[]> {
  const data = dataOf(
    await api.GET('/api/tacklebox/v1/domains', {
      params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } },
    }),
  );
  return data.domains;
}

/** Adds one domain or many for a customer. */
export async function addDomains(customerId: string, names: readonly string[]): Promise<Domain[]> {
  return dataOf(
    await api.POST('/api/tacklebox/v1/domains', {
      body: { customer_id: customerId || null, names: [...names] },
    }),
  ).domains;
}

export async function setDomainActive(uid: string, active: boolean): Promise<Domain> {
  return dataOf(
    await api.PUT('/api/tacklebox/v1/domains/{id}', { params: { path: { id: uid } }, body: { active } }),
  );
}

export async function listLookalikes(uid: string): Promise<{ domain: Domain; lookalikes: Lookalike[] }> {
  return dataOf(
    await api.GET('/api/tacklebox/v1/domains/{id}/lookalikes', { params: { path: { id: uid } } }),
  );
}

export async function getLookalike(uid: string, name: string): Promise<Lookalike> {
  return dataOf(
    await api.GET('/api/tacklebox/v1/domains/{id}/lookalikes/{name}', {
      params: { path: { id: uid, name } },
    }),
  );
}

export type DomainFuzzLists = components['schemas']['DomainFuzzLists'];

/** The words and suffixes the dictionary and tld-swap fuzzers use for this domain. */
export async function getFuzzLists(uid: string): Promise<DomainFuzzLists> {
  return dataOf(
    await api.GET('/api/tacklebox/v1/domains/{id}/fuzz-lists', { params: { path: { id: uid } } }),
  );
}

/** Sets the domain's own lists (null: back to the default); the next scan uses them. */
export async function setFuzzLists(
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
