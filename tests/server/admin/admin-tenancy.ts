import { customers, partners, users } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';

/**
 * Who must never reach the provider's administration: Acme's customer administrator (role level
 * Customer with modify_all, even flagged as an administrator), and another provider's
 * administrator with a customer of their own.
 */
export async function insertOutsiders(t: TestApp) {
  const { partner, acme } = t.fixtures;
  const [acmeAdmin] = await t.database.db
    .insert(users)
    .values({
      partnerId: partner.partnerId,
      email: 'boss@acme.test',
      firstName: 'Bo',
      lastName: 'Ss',
      roleLevel: 'Customer',
      isAdmin: true,
      validCustomerIds: [acme.customerId],
      permissions: ['read_all', 'modify_all'],
    })
    .returning();
  const [other] = await t.database.db.insert(partners).values({ name: 'Other MSSP' }).returning();
  const [otherCustomer] = await t.database.db
    .insert(customers)
    .values({ partnerId: other!.partnerId, name: 'Initech Other', hasSubscription: true, mdr: true })
    .returning();
  const [otherAdmin] = await t.database.db
    .insert(users)
    .values({
      partnerId: other!.partnerId,
      email: 'admin@other.test',
      firstName: 'Oth',
      lastName: 'Er',
      roleLevel: 'Global',
      isAdmin: true,
      permissions: ['global_user', 'read_all', 'modify_all'],
    })
    .returning();
  return { acmeAdmin: acmeAdmin!, other: other!, otherCustomer: otherCustomer!, otherAdmin: otherAdmin! };
}
