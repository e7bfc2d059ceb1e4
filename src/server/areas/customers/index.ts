import type { Handlers } from '../../platform/handler.ts';
import {
  createCustomer,
  createCustomerSubscription,
  deleteCustomer,
  listContacts,
  listCustomers,
  updateCustomer,
  updateCustomerSubscription,
} from './handlers.ts';

/** Customers, their subscriptions and the organisation's contacts (spec 2, sections 3 and 7). */
export const customerHandlers: Handlers<
  | 'listCustomers'
  | 'createCustomer'
  | 'updateCustomer'
  | 'deleteCustomer'
  | 'createCustomerSubscription'
  | 'updateCustomerSubscription'
  | 'listContacts'
> = {
  listCustomers,
  createCustomer,
  updateCustomer,
  deleteCustomer,
  createCustomerSubscription,
  updateCustomerSubscription,
  listContacts,
};

export { PROVISIONING_ROBOT_SUFFIX } from './contacts.ts';
export { presentContact, presentCustomer } from './present.ts';
