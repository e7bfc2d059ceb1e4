import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { customerSubscriptions, customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';

export type CustomerSort = 'name' | 'agent_count' | 'alert_count' | 'case_count' | 'created' | 'updated';

export interface CustomerFilters {
  activeOnly?: boolean;
  complianceSku?: boolean;
  mdr?: boolean;
  globalSoftwarePackage?: boolean;
}

// Qualified by hand: inside a subquery drizzle writes bare column names, which would compare a column with itself.
const countOf = (table: string) =>
  sql<number>`(select count(*) from ${sql.raw(table)} t where t.customer_id = ${sql.raw('"customers"."customer_id"')})::int`;
const agentCount = countOf('agents');
const alertCount = countOf('alerts');
const caseCount = countOf('cases');

const SORT_COLUMNS: Record<CustomerSort, SQL | typeof customers.name> = {
  name: customers.name,
  agent_count: agentCount,
  alert_count: alertCount,
  case_count: caseCount,
  created: sql`${customers.createdTime}`,
  updated: sql`${customers.modifiedTime}`,
};

export type CustomerRow = typeof customers.$inferSelect & {
  agentCount: number;
  alertCount: number;
  caseCount: number;
  subscriptions: (typeof customerSubscriptions.$inferSelect)[];
};

/** Customers among `customerIds` with their counts and subscriptions; ties by name, then id. */
export async function findCustomers(
  tx: Db,
  customerIds: readonly string[],
  options: { sort?: CustomerSort; order?: 'asc' | 'desc'; filters?: CustomerFilters } = {},
): Promise<CustomerRow[]> {
  const { sort = 'name', order = 'asc', filters = {} } = options;
  const direction = order === 'desc' ? desc : asc;
  const conditions = [inIds(customers.customerId, customerIds)];
  if (filters.activeOnly) conditions.push(eq(customers.hasSubscription, true));
  if (filters.complianceSku) conditions.push(eq(customers.complianceSku, true));
  if (filters.mdr) conditions.push(eq(customers.mdr, true));
  if (filters.globalSoftwarePackage) conditions.push(eq(customers.globalSoftwarePackage, true));
  const rows = await tx
    .select({ customer: customers, agentCount, alertCount, caseCount })
    .from(customers)
    .where(and(...conditions))
    .orderBy(direction(SORT_COLUMNS[sort]), asc(customers.name), asc(customers.customerId));
  const ids = rows.map((r) => r.customer.customerId);
  const subscriptions =
    ids.length > 0
      ? await tx
          .select()
          .from(customerSubscriptions)
          .where(inArray(customerSubscriptions.customerId, ids))
          .orderBy(asc(customerSubscriptions.createdAt), asc(customerSubscriptions.subscriptionId))
      : [];
  return rows.map((r) => ({
    ...r.customer,
    agentCount: r.agentCount,
    alertCount: r.alertCount,
    caseCount: r.caseCount,
    subscriptions: subscriptions.filter((s) => s.customerId === r.customer.customerId),
  }));
}

/** Only customers with an active subscription are active (spec 2, section 3). */
export async function refreshHasSubscription(tx: Db, customerId: string): Promise<void> {
  await tx
    .update(customers)
    .set({
      hasSubscription: sql`exists (select 1 from ${customerSubscriptions} where ${customerSubscriptions.customerId} = ${customerId} and ${customerSubscriptions.status} = 'active')`,
      modifiedTime: sql`now()`,
    })
    .where(eq(customers.customerId, customerId));
}
