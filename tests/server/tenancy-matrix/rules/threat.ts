import { GLOBEX_RISK } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Threat intelligence. */
export const THREAT_RULES: AreaRules = {
  updateThreatFeed: { shared: 'threat feeds are the provider’s, shared by its customers' },
  listBreachLookups: { expect: 'filtered' },
  getBreachLookup: { path: () => ({ account: 'secret@globex.test' }), expect: 'filtered' },
  listIndicators: { expect: 'filtered' },
  createIndicator: {
    body: (ids) => ({
      kind: 'domain',
      value: 'globex-other.example',
      customer_id: ids.customer,
      det: 'B',
      risk: 70,
    }),
  },
  updateIndicator: { path: (ids) => ({ indicator_id: ids.indicator }), body: () => ({ risk: 78 }) },
  expireIndicator: { path: (ids) => ({ indicator_id: ids.indicator }), ends: true },
  lookupThreat: {
    path: () => ({ kind: 'domain', value: 'globex-secret.example' }),
    expect: 'filtered',
    absent: [`"risk":${GLOBEX_RISK}`],
  },
};
