import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { agentVulnerabilities } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** One finding of a customer's agents: a patch, application or OS vulnerability, with how many agents report it. */
export interface RecentFinding {
  kind: string;
  id: string;
  title: string;
  severity: string | null;
  cve_ids: string[];
  agents: number;
}

/** Most findings one digest lists; the count still covers them all. */
const MAX_FINDINGS = 200;
const SEVERITY_RANK = sql`case lower(max(${agentVulnerabilities.severity}))
  when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;

/**
 * What the customer's agents reported vulnerable since `since`, worst first: one entry per
 * finding with the agents that report it. Read in the caller's transaction, so its row security
 * decides which customer's rows are there at all.
 */
export async function recentFindings(
  tx: Db,
  customerId: string,
  since: Date,
): Promise<{ findings: RecentFinding[]; count: number; agentCount: number }> {
  const where = and(
    eq(agentVulnerabilities.customerId, customerId),
    gte(agentVulnerabilities.reportedAt, since),
  );
  const rows = await tx
    .select({
      kind: agentVulnerabilities.kind,
      id: agentVulnerabilities.ref,
      title: sql<string>`max(${agentVulnerabilities.title})`,
      severity: sql<string | null>`max(${agentVulnerabilities.severity})`,
      cves: sql<string | null>`string_agg(array_to_string(${agentVulnerabilities.cveIds}, ','), ',')`,
      agents: sql<number>`count(*)::int`,
    })
    .from(agentVulnerabilities)
    .where(where)
    .groupBy(agentVulnerabilities.kind, agentVulnerabilities.ref)
    .orderBy(SEVERITY_RANK, sql`count(*) desc`, asc(agentVulnerabilities.ref));
  const [agents] = await tx
    .select({ count: sql<number>`count(distinct ${agentVulnerabilities.agentId})::int` })
    .from(agentVulnerabilities)
    .where(where);
  const findings = rows.slice(0, MAX_FINDINGS).map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    severity: row.severity,
    cve_ids: [...new Set((row.cves ?? '').split(',').filter(Boolean))].sort(),
    agents: row.agents,
  }));
  return { findings, count: rows.length, agentCount: agents?.count ?? 0 };
}
