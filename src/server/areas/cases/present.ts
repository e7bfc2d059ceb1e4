import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts, cases } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { ApiError } from '../../errors.ts';
import { canModify } from '../../platform/permissions.ts';

type Schemas = components['schemas'];
export type CaseRow = typeof cases.$inferSelect;

/** The answer for a case that does not exist or that the caller may not see (spec 2, section 8). */
export const caseNotFound = (id: number) => new ApiError(404, 'not_found', `Case with ID ${id} not found`);

/** Alerts the case detail shows (spec 2, section 9: "Case detail shows the 10 most recent alerts"). */
export const RECENT_ALERTS = 10;

/**
 * How many alerts a case has, as a column beside the case. Written out by hand: drizzle leaves
 * columns unqualified in single-table queries, which would bind `id` to the subquery's alerts.
 */
export const alertCount = sql<number>`(select count(*) from alerts as counted where counted.case_id = "cases"."id")::int`;

export function presentCaseSummary(row: CaseRow, count: number): Schemas['CaseSummary'] {
  return {
    id: row.id,
    customer_id: row.customerId,
    title: row.title,
    description: row.description,
    status: row.status,
    tags: row.tags,
    assigned_users: row.assignedUsers,
    risk_score: row.riskScore,
    risk_score_min: row.riskScoreMin,
    risk_score_max: row.riskScoreMax,
    fields: row.fields,
    alert_count: count,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One case the caller may see, optionally locked for a change; 404 'Case with ID {id} not found' otherwise. */
export async function loadCase(tx: Db, principal: Principal, id: number, lock = false): Promise<CaseRow> {
  const query = tx
    .select()
    .from(cases)
    .where(and(eq(cases.id, id), inIds(cases.customerId, principal.scope.customerIds)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw caseNotFound(id);
  return row;
}

/** The case as the detail screen shows it: its alert count and 10 most recent alerts. */
export async function caseDetail(tx: Db, principal: Principal, id: number): Promise<Schemas['Case']> {
  const [found] = await tx
    .select({ row: cases, count: alertCount })
    .from(cases)
    .where(and(eq(cases.id, id), inIds(cases.customerId, principal.scope.customerIds)));
  if (!found) throw caseNotFound(id);
  const recent = await tx
    .select({
      id: alerts.id,
      title: alerts.title,
      status: alerts.status,
      priority: alerts.priority,
      createdAt: alerts.createdAt,
      hostName: alerts.hostName,
    })
    .from(alerts)
    .where(and(eq(alerts.caseId, id), eq(alerts.customerId, found.row.customerId)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(RECENT_ALERTS);
  return {
    ...presentCaseSummary(found.row, found.count),
    recent_alerts: recent.map((a) => ({
      id: a.id,
      title: a.title,
      status: a.status,
      priority: a.priority,
      '@timestamp': a.createdAt.toISOString(),
      host_name: a.hostName,
    })),
    can_edit: canModify(principal),
  };
}
