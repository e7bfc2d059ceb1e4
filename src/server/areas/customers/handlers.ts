import { and, asc, eq, like, not } from 'drizzle-orm';
import { customers, users } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentContact, presentCustomer } from './present.ts';

/** Users whose e-mail ends with this suffix are provisioning robots, hidden from lists (spec 2, section 3). */
export const PROVISIONING_ROBOT_SUFFIX = '@provisioning.watchfloor.internal';

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
  const { scope } = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(users)
      .where(
        and(eq(users.partnerId, scope.partnerId), not(like(users.email, `%${PROVISIONING_ROBOT_SUFFIX}`))),
      )
      .orderBy(asc(users.email)),
  );
  return { contacts: rows.map(presentContact) };
};
