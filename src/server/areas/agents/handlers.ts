import { and, asc, gt } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { agents } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

/** Agents per page; the client asks again with the returned offset while one is returned. */
export const AGENT_PAGE_SIZE = 1000;

export function presentAgent(a: typeof agents.$inferSelect): components['schemas']['Agent'] {
  return {
    agent_id: a.agentId,
    customer_id: a.customerId,
    host_name: a.hostName,
    platform: a.platform,
    architecture: a.architecture,
    version: a.version,
    system_type: a.systemType,
    ip: a.ip,
    status_code: a.statusCode,
    is_domain_controller: a.isDomainController,
    is_isolated: a.isIsolated,
    sysmon_enabled: a.sysmonEnabled,
    syslog_forwarder: a.syslogForwarder,
    terminal_enabled: a.terminalEnabled,
    first_active: a.firstActive?.toISOString() ?? null,
    heartbeat_at: a.heartbeatAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
  };
}

export const listAgents: Handler<'listAgents'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const offset = request.query.offset ?? 0;
  const after = request.query.heartbeat_after ? new Date(request.query.heartbeat_after) : undefined;
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(agents)
      .where(and(inIds(agents.customerId, ids), after ? gt(agents.heartbeatAt, after) : undefined))
      .orderBy(asc(agents.hostName), asc(agents.agentId))
      .limit(AGENT_PAGE_SIZE + 1)
      .offset(offset),
  );
  const more = rows.length > AGENT_PAGE_SIZE;
  return {
    agents: rows.slice(0, AGENT_PAGE_SIZE).map(presentAgent),
    offset: more ? offset + AGENT_PAGE_SIZE : null,
  };
};
