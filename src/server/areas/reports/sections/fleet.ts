import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { agents, agentVulnerabilities } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import {
  type AgentState,
  agentClockFlags,
  compareVersions,
  LATEST_AGENT_RELEASE,
  statusOfFlags,
} from '../../agents/index.ts';
import type { DeviceScope } from '../azure-scope.ts';
import { agentsOfScope, hostOfScope } from './devices.ts';

/**
 * The customer's agents by status when the report is made, by the agents area's one derivation
 * (as the dashboard's health and the agents list).
 */
export async function readAgentHealth(
  tx: Db,
  customerId: string,
  now: Date,
  scope: DeviceScope | null = null,
) {
  const clock = agentClockFlags(now);
  const groups = await tx
    .select({
      online: clock.online,
      isNew: clock.isNew,
      isIsolated: agents.isIsolated,
      unhealthy: sql<boolean>`${ne(agents.health, 'healthy')}`,
      version: agents.version,
      agents: count(),
    })
    .from(agents)
    .where(
      and(eq(agents.customerId, customerId), scope ? hostOfScope(scope, sql`${agents.hostName}`) : undefined),
    )
    .groupBy(sql`1, 2, 3, 4, 5`);
  const statuses: Record<AgentState, number> = {
    online: 0,
    offline: 0,
    isolated: 0,
    unhealthy: 0,
    out_of_date: 0,
    new: 0,
  };
  let total = 0;
  for (const group of groups) {
    const outOfDate = compareVersions(group.version, LATEST_AGENT_RELEASE) < 0;
    statuses[statusOfFlags({ ...group, outOfDate }).status] += group.agents;
    total += group.agents;
  }
  return { total, statuses };
}

const SEVERITY_ORDER = sql`case lower(coalesce(max(${agentVulnerabilities.severity}), '')) when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end`;

/** The findings the customer's agents report now, most severe and widespread first. */
export async function readVulnerabilities(
  tx: Db,
  customerId: string,
  limit: number,
  scope: DeviceScope | null = null,
) {
  const where = and(
    eq(agentVulnerabilities.customerId, customerId),
    scope ? sql`${agentVulnerabilities.agentId} in (${agentsOfScope(scope, customerId)})` : undefined,
  );
  const findings = await tx
    .select({
      ref: agentVulnerabilities.ref,
      kind: agentVulnerabilities.kind,
      title: sql<string>`max(${agentVulnerabilities.title})`,
      severity: sql<string | null>`max(${agentVulnerabilities.severity})`,
      agents: sql<number>`count(*)::int`,
    })
    .from(agentVulnerabilities)
    .where(where)
    .groupBy(agentVulnerabilities.kind, agentVulnerabilities.ref)
    .orderBy(desc(SEVERITY_ORDER), sql`count(*) desc`, agentVulnerabilities.ref)
    .limit(limit);
  const [totals] = await tx
    .select({
      findings: sql<number>`count(distinct (${agentVulnerabilities.kind}, ${agentVulnerabilities.ref}))::int`,
      agents: sql<number>`count(distinct ${agentVulnerabilities.agentId})::int`,
    })
    .from(agentVulnerabilities)
    .where(and(where));
  return { findings: totals?.findings ?? 0, vulnerable_agents: totals?.agents ?? 0, top: findings };
}
