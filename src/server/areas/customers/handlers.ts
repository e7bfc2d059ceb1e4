import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { customerSubscriptions, customers, users } from '../../db/schema/index.ts';
import { withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { customerNotFound, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { retimeSchedules, zoneOf } from '../reports/index.ts';
import { presentCustomer } from './present.ts';
import { type CustomerRow, findCustomers, refreshHasSubscription } from './queries.ts';
import { customerColumns } from './validation.ts';

/** Customers are the provider's to manage: staff who may change data. */
/** The customer with its counts and subscriptions; 404 in the spec's words when it is gone or out of reach. */
async function oneCustomer(tx: Db, customerId: string): Promise<CustomerRow> {
  const [row] = await findCustomers(tx, [customerId]);
  if (!row) throw customerNotFound(customerId);
  return row;
}

export const listCustomers: Handler<'listCustomers'> = async (request) => {
  const { scope } = principalOf(request);
  const q = request.query;
  const rows = await asCaller(request, (tx) =>
    findCustomers(tx, scope.customerIds, {
      sort: q.sort,
      order: q.order,
      filters: {
        activeOnly: q.active_only,
        complianceSku: q.compliance_sku,
        mdr: q.mdr,
        globalSoftwarePackage: q.global_software_package,
      },
    }),
  );
  return { customers: rows.map(presentCustomer) };
};

export const createCustomer: Handler<'createCustomer'> = async (request, reply) => {
  const principal = principalOf(request);
  rejectNulCharacters(request);
  const columns = customerColumns(request.body);
  const customerId = randomUUID();
  // The new customer is in the caller's reach from the start: staff see every customer of the partner.
  const scope = { ...principal.scope, customerIds: [...principal.scope.customerIds, customerId] };
  const created = await withScope(request.server.db, scope, async (tx) => {
    await tx.insert(customers).values({
      ...columns,
      name: columns.name ?? '',
      customerId,
      partnerId: principal.scope.partnerId,
    });
    const row = await oneCustomer(tx, customerId);
    await audit(tx, principal, {
      action: 'create',
      entity: 'customer',
      entityId: customerId,
      customerId,
      after: presentCustomer(row),
    });
    return row;
  });
  reply.code(201);
  return presentCustomer(created);
};

export const updateCustomer: Handler<'updateCustomer'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  requireVisibleCustomer(principal, id);
  rejectNulCharacters(request);
  const columns = customerColumns(request.body);
  const row = await asCaller(request, async (tx) => {
    const before = await oneCustomer(tx, id);
    await tx
      .update(customers)
      .set({ ...columns, modifiedTime: sql`now()` })
      .where(eq(customers.customerId, id));
    const after = await oneCustomer(tx, id);
    if (zoneOf(after.timeZone) !== zoneOf(before.timeZone))
      await retimeSchedules(tx, id, zoneOf(after.timeZone), new Date());
    await audit(tx, principal, {
      action: 'update',
      entity: 'customer',
      entityId: id,
      customerId: id,
      before: presentCustomer(before),
      after: presentCustomer(after),
    });
    return after;
  });
  return presentCustomer(row);
};

export const deleteCustomer: Handler<'deleteCustomer'> = async (request, reply) => {
  const principal = principalOf(request);
  const { id } = request.params;
  requireVisibleCustomer(principal, id);
  await asCaller(request, async (tx) => {
    const before = await oneCustomer(tx, id);
    const { agentCount, alertCount, caseCount } = before;
    if (agentCount + alertCount + caseCount > 0) {
      throw conflict(
        `Unable to delete customer: it still has ${agentCount} agents, ${alertCount} alerts and ${caseCount} cases.`,
      );
    }
    // The audit row outlives the customer, so it names no customer id the log would point at.
    await audit(tx, principal, {
      action: 'delete',
      entity: 'customer',
      entityId: id,
      before: presentCustomer(before),
    });
    await tx
      .update(users)
      .set({ validCustomerIds: sql`array_remove(${users.validCustomerIds}, ${id}::uuid)` })
      .where(sql`${users.validCustomerIds} @> array[${id}::uuid]`);
    await tx.delete(customers).where(eq(customers.customerId, id));
  });
  reply.code(204);
  return undefined;
};

export const createCustomerSubscription: Handler<'createCustomerSubscription'> = async (request, reply) => {
  const principal = principalOf(request);
  const { id } = request.params;
  requireVisibleCustomer(principal, id);
  rejectNulCharacters(request);
  const { product, billing, status = 'active' } = request.body;
  const row = await asCaller(request, async (tx) => {
    await oneCustomer(tx, id);
    const [created] = await tx
      .insert(customerSubscriptions)
      .values({ customerId: id, product: product.trim(), billing, status })
      .returning();
    await refreshHasSubscription(tx, id);
    await audit(tx, principal, {
      action: 'create',
      entity: 'subscription',
      entityId: created!.subscriptionId,
      customerId: id,
      after: { product: created!.product, billing, status },
    });
    return oneCustomer(tx, id);
  });
  reply.code(201);
  return presentCustomer(row);
};

export const updateCustomerSubscription: Handler<'updateCustomerSubscription'> = async (request) => {
  const principal = principalOf(request);
  const { id, subscription_id: subscriptionId } = request.params;
  requireVisibleCustomer(principal, id);
  const { status, billing } = request.body;
  const row = await asCaller(request, async (tx) => {
    const where = and(
      eq(customerSubscriptions.subscriptionId, subscriptionId),
      eq(customerSubscriptions.customerId, id),
    );
    const [before] = await tx.select().from(customerSubscriptions).where(where).for('update');
    if (!before) throw notFound(`A subscription with the ID ${subscriptionId}`);
    await tx
      .update(customerSubscriptions)
      .set({ ...(status && { status }), ...(billing && { billing }), updatedAt: sql`now()` })
      .where(where);
    await refreshHasSubscription(tx, id);
    await audit(tx, principal, {
      action: 'update',
      entity: 'subscription',
      entityId: subscriptionId,
      customerId: id,
      before: { status: before.status, billing: before.billing },
      after: { status: status ?? before.status, billing: billing ?? before.billing },
    });
    return oneCustomer(tx, id);
  });
  return presentCustomer(row);
};
