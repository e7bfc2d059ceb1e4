import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../api/schema.d.ts';
import {
  agentInventory,
  agentIssues,
  agentLoginLocations,
  agentVulnerabilities,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { VULNERABILITY_KINDS } from './reports.ts';
import { visibleAgent } from './visible-agent.ts';

type Schemas = components['schemas'];
const iso = (d: Date | null) => d?.toISOString() ?? null;
const latest = (rows: { reportedAt: Date }[]) =>
  rows.reduce<Date | null>((max, row) => (!max || row.reportedAt > max ? row.reportedAt : max), null);

/** Every read names one agent of the caller's customers (404 otherwise) before it reads its report. */
function readOfAgent<T>(
  request: FastifyRequest<{ Params: { agent_id: string } }>,
  read: (tx: Db, agentId: string) => Promise<T>,
): Promise<T> {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id);
    return read(tx, agent.agentId);
  });
}

export const getAgentInventory: Handler<'getAgentInventory'> = (request) =>
  readOfAgent(request, async (tx, agentId) => {
    const rows = await tx
      .select()
      .from(agentInventory)
      .where(eq(agentInventory.agentId, agentId))
      .orderBy(sql`lower(${agentInventory.name})`, asc(agentInventory.position));
    // The spec's null: the agent never reported an inventory (the console shows an empty list).
    if (rows.length === 0) return null;
    return rows.map((row): Schemas['AgentInventoryEntry'] => ({
      name: row.name,
      version: row.version,
      publisher: row.publisher,
      install_date: row.installDate,
      last_seen: iso(row.lastSeen),
    }));
  });

const SEVERITY_ORDER = sql`case ${agentIssues.severity} when 'error' then 0 when 'warning' then 1 else 2 end`;

export const getAgentIssues: Handler<'getAgentIssues'> = (request) =>
  readOfAgent(request, async (tx, agentId) => {
    const rows = await tx
      .select()
      .from(agentIssues)
      .where(eq(agentIssues.agentId, agentId))
      .orderBy(SEVERITY_ORDER, asc(agentIssues.code));
    return {
      issues: rows.map((row) => ({
        code: row.code,
        severity: row.severity as Schemas['AgentIssue']['severity'],
        message: row.message,
        since: iso(row.since),
      })),
      reported_at: iso(latest(rows)),
    };
  });

export const getAgentLoginLocations: Handler<'getAgentLoginLocations'> = (request) =>
  readOfAgent(request, async (tx, agentId) => {
    const rows = await tx
      .select()
      .from(agentLoginLocations)
      .where(eq(agentLoginLocations.agentId, agentId))
      .orderBy(desc(agentLoginLocations.loggedInAt), asc(agentLoginLocations.position));
    return {
      logins: rows.map((row) => ({
        user_name: row.userName,
        ip: row.ip,
        country: row.country,
        city: row.city,
        latitude: row.latitude,
        longitude: row.longitude,
        logged_in_at: row.loggedInAt.toISOString(),
      })),
      reported_at: iso(latest(rows)),
    };
  });

export const getAgentVulnerabilities: Handler<'getAgentVulnerabilities'> = (request) =>
  readOfAgent(request, async (tx, agentId) => {
    const rows = await tx
      .select()
      .from(agentVulnerabilities)
      .where(eq(agentVulnerabilities.agentId, agentId))
      .orderBy(asc(agentVulnerabilities.kind), asc(agentVulnerabilities.ref));
    const of = (kind: string) =>
      rows
        .filter((row) => row.kind === kind)
        .map((row): Schemas['AgentVulnerabilityFinding'] => ({
          id: row.ref,
          title: row.title,
          version: row.version,
          severity: row.severity as Schemas['AgentVulnerabilityFinding']['severity'],
          cve_ids: row.cveIds,
        }));
    return {
      patches: of(VULNERABILITY_KINDS.patches),
      applications: of(VULNERABILITY_KINDS.applications),
      os_vulnerabilities: of(VULNERABILITY_KINDS.os_vulnerabilities),
      vulnerable_count: rows.length,
      reported_at: iso(latest(rows)),
    };
  });
