import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Customers. */
export const CUSTOMERS_RULES: AreaRules = {
  getCustomerChromePolicy: {},
  updateCustomerChromePolicy: {
    body: () => ({
      enabled: false,
      risky_domain_mode: 'warn',
      password_reuse_warning: false,
      allowed_domains: [],
      blocked_domains: [],
      report_blocked_visits: false,
    }),
  },
  getCustomerChromeManagedPolicy: {},
  getCustomerComplianceData: {},
  deleteCustomer: {
    path: (ids) => ({ id: ids.customer }),
    control: { none: 'the customer is the world of this test' },
  },
  updateCustomer: { path: (ids) => ({ id: ids.customer }), body: () => ({ city: SECRET }) },
  listCustomerSubscriptions: { path: (ids) => ({ id: ids.customer }) },
  createCustomerSubscription: {
    path: (ids) => ({ id: ids.customer }),
    body: () => ({ product: `${SECRET} SIEM`, billing: 'endpoint' }),
  },
  updateCustomerSubscription: {
    path: (ids) => ({ id: ids.customer, subscription_id: ids.subscription }),
    body: () => ({ status: 'cancelled' }),
  },
};
