import { count, ne, sql } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  type AgentState,
  agentClockFlags,
  compareVersions,
  LATEST_AGENT_RELEASE,
  statusOfFlags,
} from '../agents/index.ts';

/**
 * GET /dashboard/health (spec 2, section 7): each customer's agents by status, derived by the
 * agents area's one derivation (nothing stores a status), so it matches the agents list. The
 * database groups the agents by the facts a status is made of (a few rows per customer, not one
 * per agent); each group's status then comes from statusOfFlags.
 */
export const getDashboardHealth: Handler<'getDashboardHealth'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const clock = agentClockFlags(new Date());
  const unhealthy = ne(agents.health, 'healthy');
  const groups = await asReader(request, (tx) =>
    tx
      .select({
        customerId: agents.customerId,
        online: clock.online,
        isNew: clock.isNew,
        isIsolated: agents.isIsolated,
        unhealthy: sql<boolean>`${unhealthy}`,
        version: agents.version,
        agents: count(),
      })
      .from(agents)
      .where(inIds(agents.customerId, ids))
      .groupBy(
        // By position: the clock flags carry the time as a parameter, and a repeated parameter
        // would make a different expression to the database.
        sql`1, 2, 3, 4, 5, 6`,
      ),
  );
  const customers = new Map<string, { total: number; statuses: Record<AgentState, number> }>();
  for (const group of groups) {
    const entry = customers.get(group.customerId) ?? {
      total: 0,
      statuses: { online: 0, offline: 0, isolated: 0, unhealthy: 0, out_of_date: 0, new: 0 },
    };
    const outOfDate = compareVersions(group.version, LATEST_AGENT_RELEASE) < 0;
    entry.statuses[statusOfFlags({ ...group, outOfDate }).status] += group.agents;
    entry.total += group.agents;
    customers.set(group.customerId, entry);
  }
  return {
    customers: [...customers]
      .map(([customer_id, entry]) => ({ customer_id, ...entry }))
      .sort((a, b) => b.total - a.total || a.customer_id.localeCompare(b.customer_id)),
  };
};
