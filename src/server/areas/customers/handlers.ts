import { asc } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { visibleContacts } from './contacts.ts';
import { presentContact, presentCustomer } from './present.ts';

export const listCustomers: Handler<'listCustomers'> = async (request) => {
  const { scope } = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(customers)
      .where(inIds(customers.customerId, scope.customerIds))
      .orderBy(asc(customers.name)),
  );
  return { customers: rows.map(presentCustomer) };
};

export const listContacts: Handler<'listContacts'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) => visibleContacts(tx, principal));
  return { contacts: rows.map(presentContact) };
};
