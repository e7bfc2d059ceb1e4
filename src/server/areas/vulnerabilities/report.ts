import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { agents, agentVulnerabilities } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type Vulnerability = components['schemas']['Vulnerability'];
type Item = components['schemas']['VulnerabilityItem'];

const LIST_OF_KIND = {
  patch: 'patches',
  application: 'applications',
  os: 'standalone_os_vulnerabilities',
} as const;

/**
 * Findings grouped in the database by customer, OS and finding (one row each, with the agents
 * that reported it counted), then into one entry per customer and OS.
 */
export const listVulnerabilities: Handler<'listVulnerabilities'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const { findings, agentCounts } = await asCaller(request, async (tx) => {
    const where = inIds(agentVulnerabilities.customerId, ids);
    const findings = await tx
      .select({
        customerId: agentVulnerabilities.customerId,
        platform: agents.platform,
        kind: agentVulnerabilities.kind,
        ref: agentVulnerabilities.ref,
        title: sql<string>`max(${agentVulnerabilities.title})`,
        severity: sql<string | null>`max(${agentVulnerabilities.severity})`,
        cves: sql<string>`string_agg(array_to_string(${agentVulnerabilities.cveIds}, ','), ',')`,
        agentCount: sql<number>`count(*)::int`,
      })
      .from(agentVulnerabilities)
      .innerJoin(agents, eq(agents.agentId, agentVulnerabilities.agentId))
      .where(where)
      .groupBy(
        agentVulnerabilities.customerId,
        agents.platform,
        agentVulnerabilities.kind,
        agentVulnerabilities.ref,
      )
      .orderBy(
        asc(agentVulnerabilities.customerId),
        asc(agents.platform),
        sql`count(*) desc`,
        asc(agentVulnerabilities.ref),
      );
    const agentCounts = await tx
      .select({
        customerId: agentVulnerabilities.customerId,
        platform: agents.platform,
        count: sql<number>`count(distinct ${agentVulnerabilities.agentId})::int`,
      })
      .from(agentVulnerabilities)
      .innerJoin(agents, eq(agents.agentId, agentVulnerabilities.agentId))
      .where(where)
      .groupBy(agentVulnerabilities.customerId, agents.platform);
    return { findings, agentCounts };
  });
  const key = (customerId: string, platform: string) => `${customerId} ${platform}`;
  const entries = new Map<string, Vulnerability>();
  for (const row of findings) {
    const k = key(row.customerId, row.platform);
    let entry = entries.get(k);
    if (!entry) {
      entry = {
        customer_id: row.customerId,
        os: { platform: row.platform },
        patches: [],
        applications: [],
        standalone_os_vulnerabilities: [],
        vulnerable_count: 0,
        agent_count: 0,
      };
      entries.set(k, entry);
    }
    const item: Item = {
      id: row.ref,
      title: row.title,
      severity: row.severity,
      cve_ids: [...new Set((row.cves ?? '').split(',').filter(Boolean))].sort(),
      agent_count: row.agentCount,
    };
    const list = LIST_OF_KIND[row.kind as keyof typeof LIST_OF_KIND];
    if (list) entry[list].push(item);
  }
  for (const count of agentCounts) {
    const entry = entries.get(key(count.customerId, count.platform));
    if (entry) entry.agent_count = count.count;
  }
  const vulnerabilities = [...entries.values()];
  for (const entry of vulnerabilities) {
    entry.vulnerable_count =
      entry.patches.length + entry.applications.length + entry.standalone_os_vulnerabilities.length;
  }
  return { vulnerabilities };
};

/** The drill-down: which agents of a customer and OS reported the finding (or any finding). */
export const listVulnerableAgents: Handler<'listVulnerableAgents'> = async (request) => {
  const principal = principalOf(request);
  const { customer_id, platform, kind, id } = request.query;
  requireVisibleCustomer(principal, customer_id);
  const rows = await asCaller(request, (tx) =>
    tx
      .select({
        agentId: agents.agentId,
        hostName: agents.hostName,
        platform: agents.platform,
        version: agents.version,
        ip: agents.ip,
        heartbeatAt: agents.heartbeatAt,
        findings: sql<number>`count(*)::int`,
      })
      .from(agentVulnerabilities)
      .innerJoin(agents, eq(agents.agentId, agentVulnerabilities.agentId))
      .where(
        and(
          eq(agentVulnerabilities.customerId, customer_id),
          eq(agents.platform, platform),
          kind ? eq(agentVulnerabilities.kind, kind) : undefined,
          id ? eq(agentVulnerabilities.ref, id) : undefined,
        ),
      )
      .groupBy(agents.agentId)
      .orderBy(asc(agents.hostName), asc(agents.agentId)),
  );
  return {
    agents: rows.map((row) => ({
      agent_id: row.agentId,
      host_name: row.hostName,
      platform: row.platform,
      version: row.version,
      ip: row.ip,
      heartbeat_at: row.heartbeatAt?.toISOString() ?? null,
      findings: row.findings,
    })),
  };
};
