import { and, count, eq, isNotNull, min } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { agents, customerSubscriptions, customers } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { addBusinessDays, PROVISIONING_BUSINESS_DAYS } from './business-days.ts';

type CustomerProvisioning = components['schemas']['CustomerProvisioning'];

const LISTED = 100;
const STAGE_ORDER = { provisioning: 0, awaiting_subscription: 1, ready: 2 } as const;

interface Facts {
  customerId: string;
  name: string;
  subscribedAt: Date | null;
  agents: number;
  firstAgentAt: Date | null;
}

/** Where one customer's provisioning stands, from its subscriptions and enrolled agents. */
export function provisioningOf(facts: Facts, now: Date): CustomerProvisioning {
  const expectedBy = facts.subscribedAt
    ? addBusinessDays(facts.subscribedAt, PROVISIONING_BUSINESS_DAYS)
    : null;
  const stage = !expectedBy
    ? 'awaiting_subscription'
    : facts.agents > 0 || now >= expectedBy
      ? 'ready'
      : 'provisioning';
  return {
    customer_id: facts.customerId,
    name: facts.name,
    stage,
    subscribed_at: facts.subscribedAt?.toISOString() ?? null,
    expected_by: expectedBy?.toISOString() ?? null,
    agents: facts.agents,
    first_agent_at: facts.firstAgentAt?.toISOString() ?? null,
  };
}

export const getProvisioningStatus: Handler<'getProvisioningStatus'> = async (request) => {
  const { scope } = principalOf(request);
  // One after another: a transaction's connection runs one query at a time.
  const [rows, subscribed, enrolled] = await asCaller(
    request,
    async (tx) =>
      [
        await tx
          .select({
            customerId: customers.customerId,
            name: customers.name,
            hasSubscription: customers.hasSubscription,
            createdTime: customers.createdTime,
          })
          .from(customers)
          .where(inIds(customers.customerId, scope.customerIds)),
        await tx
          .select({
            customerId: customerSubscriptions.customerId,
            since: min(customerSubscriptions.createdAt),
          })
          .from(customerSubscriptions)
          .where(
            and(
              inIds(customerSubscriptions.customerId, scope.customerIds),
              eq(customerSubscriptions.status, 'active'),
            ),
          )
          .groupBy(customerSubscriptions.customerId),
        // Only agents that have checked in show the platform answers.
        await tx
          .select({ customerId: agents.customerId, n: count(), first: min(agents.createdAt) })
          .from(agents)
          .where(and(inIds(agents.customerId, scope.customerIds), isNotNull(agents.heartbeatAt)))
          .groupBy(agents.customerId),
      ] as const,
  );
  const since = new Map(subscribed.map((s) => [s.customerId, s.since]));
  const fleet = new Map(enrolled.map((e) => [e.customerId, e]));
  const now = new Date();
  const all = rows.map((c) =>
    provisioningOf(
      {
        customerId: c.customerId,
        name: c.name,
        // A customer marked subscribed without subscription rows (made with it) started when it was made.
        subscribedAt: toDate(since.get(c.customerId)) ?? (c.hasSubscription ? c.createdTime : null),
        agents: Number(fleet.get(c.customerId)?.n ?? 0),
        firstAgentAt: toDate(fleet.get(c.customerId)?.first),
      },
      now,
    ),
  );
  all.sort(
    (a, b) =>
      STAGE_ORDER[a.stage] - STAGE_ORDER[b.stage] ||
      a.name.localeCompare(b.name, 'en') ||
      a.customer_id.localeCompare(b.customer_id),
  );
  return { total: all.length, customers: all.slice(0, LISTED) };
};

// Aggregates come back as text on some drivers.
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}
