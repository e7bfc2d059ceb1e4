import { asc, countDistinct, eq } from 'drizzle-orm';
import { customerSubscriptions } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentSubscription } from './present.ts';

// Products sort the same on every database, whatever its collation: by name, case aside, then exactly.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export const listCustomerSubscriptions: Handler<'listCustomerSubscriptions'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  requireVisibleCustomer(principal, id);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(customerSubscriptions)
      .where(eq(customerSubscriptions.customerId, id))
      .orderBy(asc(customerSubscriptions.createdAt), asc(customerSubscriptions.subscriptionId)),
  );
  return { subscriptions: rows.map(presentSubscription) };
};

/** No table of its own: the products are those the caller's customers subscribe to. */
export const listCustomerProducts: Handler<'listCustomerProducts'> = async (request) => {
  const { scope } = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select({
        product: customerSubscriptions.product,
        customers: countDistinct(customerSubscriptions.customerId),
      })
      .from(customerSubscriptions)
      .where(inIds(customerSubscriptions.customerId, scope.customerIds))
      .groupBy(customerSubscriptions.product),
  );
  const products = rows
    .map((r) => ({ product: r.product, customers: Number(r.customers) }))
    .sort(
      (a, b) =>
        byName.compare(a.product, b.product) || (a.product < b.product ? -1 : a.product > b.product ? 1 : 0),
    );
  return { products };
};
