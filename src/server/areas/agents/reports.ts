import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  agentInventory,
  agentIssues,
  agentLoginLocations,
  agentVulnerabilities,
  cves,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { type AgentCaller, agentOf, asAgent } from './agent-auth.ts';

/** Rows per insert: well under PostgreSQL's 65 535 parameters for the widest report. */
const BATCH = 1000;

type Table =
  | typeof agentInventory
  | typeof agentIssues
  | typeof agentLoginLocations
  | typeof agentVulnerabilities;

/** A report replaces the agent's previous one in one transaction: readers see the old or the new, never half. */
async function replaceReport<T extends Table>(
  tx: Db,
  table: T,
  caller: AgentCaller,
  rows: T['$inferInsert'][],
): Promise<void> {
  await tx.delete(table).where(eq(table.agentId, caller.agentId));
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(table as PgTable).values(rows.slice(start, start + BATCH));
  }
}

function duplicates<T>(items: readonly T[], key: (item: T) => string): string | null {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return null;
}

export const reportAgentInventory: Handler<'reportAgentInventory'> = async (request) => {
  const caller = agentOf(request);
  const reportedAt = new Date();
  const { items } = request.body;
  await asAgent(request, (tx) =>
    replaceReport(
      tx,
      agentInventory,
      caller,
      items.map((item, position) => ({
        agentId: caller.agentId,
        customerId: caller.customerId,
        position,
        name: item.name,
        version: item.version ?? null,
        publisher: item.publisher ?? null,
        installDate: item.install_date ?? null,
        lastSeen: item.last_seen ? new Date(item.last_seen) : null,
        reportedAt,
      })),
    ),
  );
  return { count: items.length, reported_at: reportedAt.toISOString() };
};

export const reportAgentIssues: Handler<'reportAgentIssues'> = async (request) => {
  const caller = agentOf(request);
  const reportedAt = new Date();
  const { issues } = request.body;
  const twice = duplicates(issues, (issue) => issue.code);
  if (twice) throw badRequest('issues', `Issue code ${twice} is reported twice; one issue per code.`);
  await asAgent(request, (tx) =>
    replaceReport(
      tx,
      agentIssues,
      caller,
      issues.map((issue) => ({
        agentId: caller.agentId,
        customerId: caller.customerId,
        code: issue.code,
        severity: issue.severity,
        message: issue.message,
        since: issue.since ? new Date(issue.since) : null,
        reportedAt,
      })),
    ),
  );
  return { count: issues.length, reported_at: reportedAt.toISOString() };
};

export const reportAgentLoginLocations: Handler<'reportAgentLoginLocations'> = async (request) => {
  const caller = agentOf(request);
  const reportedAt = new Date();
  const { logins } = request.body;
  await asAgent(request, (tx) =>
    replaceReport(
      tx,
      agentLoginLocations,
      caller,
      logins.map((login, position) => ({
        agentId: caller.agentId,
        customerId: caller.customerId,
        position,
        userName: login.user_name,
        ip: login.ip ?? null,
        country: login.country ?? null,
        city: login.city ?? null,
        latitude: login.latitude ?? null,
        longitude: login.longitude ?? null,
        loggedInAt: new Date(login.logged_in_at),
        reportedAt,
      })),
    ),
  );
  return { count: logins.length, reported_at: reportedAt.toISOString() };
};

export const VULNERABILITY_KINDS = {
  patches: 'patch',
  applications: 'application',
  os_vulnerabilities: 'os',
} as const;

export const reportAgentVulnerabilities: Handler<'reportAgentVulnerabilities'> = async (request) => {
  const caller = agentOf(request);
  const reportedAt = new Date();
  const rows: (typeof agentVulnerabilities.$inferInsert)[] = [];
  for (const [field, kind] of Object.entries(VULNERABILITY_KINDS)) {
    const findings = request.body[field as keyof typeof VULNERABILITY_KINDS];
    const twice = duplicates(findings, (finding) => finding.id);
    if (twice) throw badRequest(field, `${twice} is reported twice.`);
    for (const finding of findings) {
      rows.push({
        agentId: caller.agentId,
        customerId: caller.customerId,
        kind,
        ref: finding.id,
        title: finding.title,
        version: finding.version ?? null,
        severity: finding.severity ?? null,
        cveIds: [...new Set(finding.cve_ids ?? [])],
        reportedAt,
      });
    }
  }
  await asAgent(request, (tx) => replaceReport(tx, agentVulnerabilities, caller, rows));
  await recordCves(
    request.server.db,
    rows.flatMap((row) => row.cveIds ?? []),
    reportedAt,
  );
  return { count: rows.length, reported_at: reportedAt.toISOString() };
};

/**
 * CVE ids are public, not tenant data: they go into the shared CVE table on the system connection
 * (request work may only read it), so `GET /threat/cve` knows every CVE an agent named.
 */
async function recordCves(db: Db, ids: string[], at: Date): Promise<void> {
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += BATCH) {
    await db
      .insert(cves)
      .values(unique.slice(start, start + BATCH).map((cveId) => ({ cveId, firstReportedAt: at })))
      .onConflictDoNothing();
  }
}
