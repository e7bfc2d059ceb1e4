import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { OUTSIDE_CALENDAR, withinCalendar } from '../../../common/calendar.ts';
import {
  agentInventory,
  agentIssues,
  agentLoginLocations,
  agents,
  agentVulnerabilities,
  cves,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { queueWorkflowEvents } from '../../platform/workflow-events.ts';
import { type AgentCaller, agentOf, asAgent } from './agent-auth.ts';

/**
 * A time an agent reported: the contract's date-time allows year 0, and an offset can carry
 * 9999-12-31 into year 10000, neither of which the database or a reader can hold: a 400 naming it.
 */
function reportedTime(value: string, field: string): Date {
  const time = new Date(value);
  if (!withinCalendar(time)) throw badRequest(field, OUTSIDE_CALENDAR);
  return time;
}

/** Rows per insert: well under PostgreSQL's 65 535 parameters for the widest report. */
const BATCH = 1000;

type Table =
  | typeof agentInventory
  | typeof agentIssues
  | typeof agentLoginLocations
  | typeof agentVulnerabilities;

/** What every report row carries besides its own fields, filled in by storeReport. */
type Stamped = 'agentId' | 'customerId' | 'reportedAt';

/**
 * Stores the calling agent's report, replacing its previous one in one transaction: readers see
 * the old or the new, never half. Answers the count and the moment it was stored.
 */
async function storeReport<T extends Table>(
  request: Parameters<typeof agentOf>[0],
  table: T,
  rows: Omit<T['$inferInsert'], Stamped>[],
  reportedAt = new Date(),
  /** Runs in the report's transaction before the old report goes (to compare with it). */
  beforeReplace?: (tx: Db, caller: AgentCaller) => Promise<void>,
) {
  const caller: AgentCaller = agentOf(request);
  const stamped = rows.map(
    (row) =>
      ({ ...row, agentId: caller.agentId, customerId: caller.customerId, reportedAt }) as T['$inferInsert'],
  );
  await asAgent(request, async (tx: Db) => {
    await beforeReplace?.(tx, caller);
    await tx.delete(table).where(eq(table.agentId, caller.agentId));
    for (let start = 0; start < stamped.length; start += BATCH) {
      await tx.insert(table as PgTable).values(stamped.slice(start, start + BATCH));
    }
  });
  return { count: rows.length, reported_at: reportedAt.toISOString() };
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

export const reportAgentInventory: Handler<'reportAgentInventory'> = async (request) =>
  storeReport(
    request,
    agentInventory,
    request.body.items.map((item, position) => ({
      position,
      name: item.name,
      version: item.version ?? null,
      publisher: item.publisher ?? null,
      installDate: item.install_date ?? null,
      lastSeen: item.last_seen ? reportedTime(item.last_seen, `body.items[${position}].last_seen`) : null,
    })),
  );

export const reportAgentIssues: Handler<'reportAgentIssues'> = async (request) => {
  const { issues } = request.body;
  const twice = duplicates(issues, (issue) => issue.code);
  if (twice) throw badRequest('issues', `Issue code ${twice} is reported twice; one issue per code.`);
  return storeReport(
    request,
    agentIssues,
    issues.map((issue, index) => ({
      code: issue.code,
      severity: issue.severity,
      message: issue.message,
      since: issue.since ? reportedTime(issue.since, `body.issues[${index}].since`) : null,
    })),
  );
};

export const reportAgentLoginLocations: Handler<'reportAgentLoginLocations'> = async (request) =>
  storeReport(
    request,
    agentLoginLocations,
    request.body.logins.map((login, position) => ({
      position,
      userName: login.user_name,
      ip: login.ip ?? null,
      country: login.country ?? null,
      city: login.city ?? null,
      latitude: login.latitude ?? null,
      longitude: login.longitude ?? null,
      loggedInAt: reportedTime(login.logged_in_at, `body.logins[${position}].logged_in_at`),
    })),
  );

export const VULNERABILITY_KINDS = {
  patches: 'patch',
  applications: 'application',
  os_vulnerabilities: 'os',
} as const;

export const reportAgentVulnerabilities: Handler<'reportAgentVulnerabilities'> = async (request) => {
  const reportedAt = new Date();
  const rows: Omit<typeof agentVulnerabilities.$inferInsert, Stamped>[] = [];
  for (const [field, kind] of Object.entries(VULNERABILITY_KINDS)) {
    const findings = request.body[field as keyof typeof VULNERABILITY_KINDS];
    const twice = duplicates(findings, (finding) => finding.id);
    if (twice) throw badRequest(field, `${twice} is reported twice.`);
    for (const finding of findings) {
      rows.push({
        kind,
        ref: finding.id,
        title: finding.title,
        version: finding.version ?? null,
        severity: finding.severity ?? null,
        cveIds: [...new Set(finding.cve_ids ?? [])],
      });
    }
  }
  const stored = await storeReport(request, agentVulnerabilities, rows, reportedAt, (tx, caller) =>
    queueNewFindings(tx, caller, rows, reportedAt),
  );
  await recordCves(
    request.server.db,
    rows.flatMap((row) => row.cveIds ?? []),
    reportedAt,
  );
  return stored;
};

/**
 * Findings this report names and the agent's previous one did not fire the vulnerability-found
 * trigger, in the report's transaction; keyed on the agent, the finding and the report.
 */
async function queueNewFindings(
  tx: Db,
  caller: AgentCaller,
  rows: Omit<typeof agentVulnerabilities.$inferInsert, Stamped>[],
  reportedAt: Date,
): Promise<void> {
  const before = await tx
    .select({ kind: agentVulnerabilities.kind, ref: agentVulnerabilities.ref })
    .from(agentVulnerabilities)
    .where(eq(agentVulnerabilities.agentId, caller.agentId));
  const known = new Set(before.map((row) => `${row.kind} ${row.ref}`));
  const fresh = rows.filter((row) => !known.has(`${row.kind} ${row.ref}`));
  if (fresh.length === 0) return;
  const [agent] = await tx
    .select({ hostName: agents.hostName, platform: agents.platform, version: agents.version, ip: agents.ip })
    .from(agents)
    .where(eq(agents.agentId, caller.agentId));
  await queueWorkflowEvents(
    tx,
    fresh.map((row) => ({
      trigger: 'vulnerability_found',
      customerId: caller.customerId,
      key: `${caller.agentId}:${row.kind}:${row.ref}:${reportedAt.toISOString()}`,
      data: {
        agent: {
          id: caller.agentId,
          host_name: agent?.hostName ?? null,
          platform: agent?.platform ?? null,
          version: agent?.version ?? null,
          ip: agent?.ip ?? null,
        },
        vulnerability: {
          id: row.ref,
          kind: row.kind,
          title: row.title,
          severity: row.severity ?? null,
          cve_ids: (row.cveIds ?? []).join(', '),
        },
      },
    })),
  );
}

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
