import type { AreaRules } from './types.ts';

/** Domains. */
export const DOMAINS_RULES: AreaRules = {
  listDomains: { expect: 'filtered' },
  createDomains: { body: (ids) => ({ customer_id: ids.customer, names: ['globex-other.example'] }) },
  getDomain: { path: (ids) => ({ id: ids.domain }) },
  updateDomain: { path: (ids) => ({ id: ids.domain }), body: () => ({ active: true }) },
  getDomainFuzzLists: { path: (ids) => ({ id: ids.domain }) },
  updateDomainFuzzLists: { path: (ids) => ({ id: ids.domain }), body: () => ({ words: null, tlds: null }) },
  listLookalikes: { path: (ids) => ({ id: ids.domain }) },
  getLookalike: {
    path: (ids) => ({ id: ids.domain, name: 'globex-secret.example' }),
    control: { status: 404 },
  },
};
