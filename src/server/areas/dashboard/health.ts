import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { type AgentState, deriveAgentStatus } from '../agents/index.ts';

/**
 * GET /dashboard/health (spec 2, section 7): each customer's agents by status, derived by the
 * agents area's one derivation (nothing stores a status), so it matches the agents list.
 */
export const getDashboardHealth: Handler<'getDashboardHealth'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select({
        customerId: agents.customerId,
        heartbeatAt: agents.heartbeatAt,
        firstActive: agents.firstActive,
        checkInInterval: agents.checkInInterval,
        health: agents.health,
        version: agents.version,
        isIsolated: agents.isIsolated,
      })
      .from(agents)
      .where(inIds(agents.customerId, ids)),
  );
  const now = new Date();
  const customers = new Map<string, { total: number; statuses: Record<AgentState, number> }>();
  for (const row of rows) {
    const entry = customers.get(row.customerId) ?? {
      total: 0,
      statuses: { online: 0, offline: 0, isolated: 0, unhealthy: 0, out_of_date: 0, new: 0 },
    };
    entry.statuses[deriveAgentStatus(row, now).status] += 1;
    entry.total += 1;
    customers.set(row.customerId, entry);
  }
  return {
    customers: [...customers]
      .map(([customer_id, entry]) => ({ customer_id, ...entry }))
      .sort((a, b) => b.total - a.total || a.customer_id.localeCompare(b.customer_id)),
  };
};
