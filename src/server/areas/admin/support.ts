import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import { alerts, cases, customerSubscriptions, customers, partners, users } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { customerNotFound, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { PROVISIONING_ROBOT_SUFFIX } from '../users/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Support look-up of customers by name, e-mail or id (administrators; their own customers only). */
export const listSupportCustomers: Handler<'listSupportCustomers'> = async (request) => {
  const principal = principalOf(request);
  const query = request.query.query?.trim();
  const pattern = query ? `%${escapeLike(query)}%` : undefined;
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(customers)
      .where(
        and(
          inArray(customers.customerId, [...principal.scope.customerIds]),
          pattern
            ? or(
                ilike(customers.name, pattern),
                ilike(customers.email, pattern),
                query && UUID.test(query) ? eq(customers.customerId, query) : undefined,
              )
            : undefined,
        ),
      )
      .orderBy(asc(customers.name))
      .limit(200),
  );
  return {
    customers: rows.map((c) => ({
      customer_id: c.customerId,
      name: c.name,
      email: c.email,
      has_subscription: c.hasSubscription,
      mdr: c.mdr,
      created_time: c.createdTime.toISOString(),
    })),
  };
};

/** Support look-up of partners: an administrator reaches their own partner, never another provider's. */
export const listSupportPartners: Handler<'listSupportPartners'> = async (request) => {
  const principal = principalOf(request);
  const query = request.query.query?.trim();
  const found = await asCaller(request, async (tx) => {
    const [partner] = await tx
      .select()
      .from(partners)
      .where(
        and(
          eq(partners.partnerId, principal.user.partnerId),
          query ? ilike(partners.name, `%${escapeLike(query)}%`) : undefined,
        ),
      );
    if (!partner) return [];
    const [customerCount] = await tx
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.partnerId, partner.partnerId));
    const [userCount] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.partnerId, partner.partnerId), eq(users.isProvisioning, false)));
    return [
      {
        partner_id: partner.partnerId,
        name: partner.name,
        created_source: partner.createdSource,
        customer_count: customerCount?.n ?? 0,
        user_count: userCount?.n ?? 0,
      },
    ];
  });
  return { partners: found };
};

/**
 * One customer's MDR support record for the automation API: provider staff (and their API keys)
 * only; a customer outside the caller's reach is not found, in the spec's words.
 */
export const getMdrSupport: Handler<'getMdrSupport'> = async (request) => {
  const principal = principalOf(request);
  const { customer_id: customerId } = request.query;
  requireVisibleCustomer(principal, customerId);
  return asCaller(request, async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.customerId, customerId));
    if (!customer) throw customerNotFound(customerId);
    const subscriptions = await tx
      .select()
      .from(customerSubscriptions)
      .where(eq(customerSubscriptions.customerId, customerId))
      .orderBy(asc(customerSubscriptions.product));
    const contacts = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.roleLevel, 'Customer'),
          eq(users.isProvisioning, false),
          sql`${users.validCustomerIds} @> array[${customerId}]::uuid[]`,
        ),
      )
      .orderBy(asc(users.email));
    const openAlerts = await tx
      .select({ priority: alerts.priority, n: count() })
      .from(alerts)
      .where(and(eq(alerts.customerId, customerId), inArray(alerts.status, [...OPEN_STATUSES])))
      .groupBy(alerts.priority);
    const [openCases] = await tx
      .select({ n: count() })
      .from(cases)
      .where(
        // Cases use the ticket statuses of alerts: the same ones still need work.
        and(eq(cases.customerId, customerId), inArray(cases.status, [...OPEN_STATUSES])),
      );
    const administrator = (u: typeof users.$inferSelect) => u.permissions.includes('modify_all');
    return {
      customer_id: customer.customerId,
      name: customer.name,
      mdr: customer.mdr,
      has_subscription: customer.hasSubscription,
      subscriptions: subscriptions.map((s) => ({ product: s.product, status: s.status, billing: s.billing })),
      contacts: contacts
        .filter((u) => !u.email.endsWith(PROVISIONING_ROBOT_SUFFIX))
        .sort((a, b) => Number(administrator(b)) - Number(administrator(a)))
        .map((u) => ({
          contact_id: u.contactId,
          name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
          email: u.email,
          administrator: administrator(u),
        })),
      open_alerts: Object.fromEntries(openAlerts.map((a) => [String(a.priority), a.n])),
      open_cases: openCases?.n ?? 0,
    };
  });
};
