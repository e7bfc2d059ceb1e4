import type { Handlers } from '../../platform/handler.ts';
import { listContacts, listCustomers } from './handlers.ts';

/** Customers and the organisation's contacts (spec 2, section 3). */
export const customerHandlers: Handlers<'listCustomers' | 'listContacts'> = { listCustomers, listContacts };

export { PROVISIONING_ROBOT_SUFFIX } from './contacts.ts';
export { presentContact, presentCustomer } from './present.ts';
