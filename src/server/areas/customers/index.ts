import { inScope, samePartner } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  getCustomerChromeManagedPolicy,
  getCustomerChromePolicy,
  getCustomerComplianceData,
  updateCustomerChromePolicy,
} from './extras-handlers.ts';
import {
  createCustomer,
  createCustomerSubscription,
  deleteCustomer,
  listCustomers,
  updateCustomer,
  updateCustomerSubscription,
} from './handlers.ts';
import { listCustomerProducts, listCustomerSubscriptions } from './subscription-reads.ts';

/** Customers and their subscriptions (spec 2, sections 3 and 7); their people are areas/users. */
export const customerHandlers: Handlers<
  | 'listCustomers'
  | 'createCustomer'
  | 'updateCustomer'
  | 'deleteCustomer'
  | 'listCustomerSubscriptions'
  | 'createCustomerSubscription'
  | 'listCustomerProducts'
  | 'updateCustomerSubscription'
  | 'getCustomerChromePolicy'
  | 'updateCustomerChromePolicy'
  | 'getCustomerChromeManagedPolicy'
  | 'getCustomerComplianceData'
> = {
  listCustomers,
  createCustomer,
  updateCustomer,
  deleteCustomer,
  listCustomerSubscriptions,
  createCustomerSubscription,
  listCustomerProducts,
  updateCustomerSubscription,
  getCustomerChromePolicy,
  updateCustomerChromePolicy,
  getCustomerChromeManagedPolicy,
  getCustomerComplianceData,
};

/** The browser extension's policy of a customer, for the browser connector. */
export { type ChromePolicy, storedChromePolicy } from './chrome-policy.ts';
export { presentContact, presentCustomer } from './present.ts';

export const customersArea = defineArea({
  name: 'customers',
  handlers: customerHandlers,
  tables: ['customers', 'customer_subscriptions'],
  tenantPolicies: {
    customers: `${samePartner} and ${inScope}`,
    customer_subscriptions: inScope,
  },
});
