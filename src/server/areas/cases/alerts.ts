import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alertActivity, alerts, cases } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, badRequest, notFound } from '../../errors.ts';
import { nextVersion } from '../../platform/versioned.ts';
import type { CaseRow } from './present.ts';

/**
 * After the case's alerts changed: a case is as risky as its riskiest alert (0 without alerts,
 * as the seed data has it), and the change counts as an update of the case for the list's order.
 */
export async function refreshCase(tx: Db, caseId: number): Promise<void> {
  await tx
    .update(cases)
    .set({
      riskScore: sql`coalesce((select max(member.risk_score) from alerts as member where member.case_id = ${caseId}), 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(cases.id, caseId));
}

/**
 * Puts alerts into a case. Every alert must be visible to the caller (404 for the first that is
 * not) and belong to the case's customer (400 naming `field[i]`). An alert in another case moves;
 * alerts already in this case are left alone. Each moved alert gets a `case_assigned` activity
 * (before: previous case id or null, after: this case id) and a new version.
 */
export async function assignAlerts(
  tx: Db,
  principal: Principal,
  target: CaseRow,
  alertIds: readonly number[],
  field: string,
): Promise<number[]> {
  if (alertIds.length === 0) return [];
  const found = await tx
    .select({ id: alerts.id, customerId: alerts.customerId, caseId: alerts.caseId })
    .from(alerts)
    .where(and(inArray(alerts.id, [...alertIds]), inIds(alerts.customerId, principal.scope.customerIds)))
    .orderBy(asc(alerts.id))
    .for('update');
  const byId = new Map(found.map((a) => [a.id, a]));
  alertIds.forEach((id, i) => {
    const alert = byId.get(id);
    if (!alert) throw notFound(`Alert ${id}`);
    if (alert.customerId !== target.customerId)
      throw badRequest(`${field}[${i}]`, "must be an alert of the case's customer");
  });
  const moving = found.filter((a) => a.caseId !== target.id);
  if (moving.length === 0) return [];
  const movingIds = moving.map((a) => a.id);
  await tx
    .update(alerts)
    .set({ caseId: target.id, ...nextVersion(alerts) })
    .where(inArray(alerts.id, movingIds));
  await tx.insert(alertActivity).values(
    moving.map((a) => ({
      customerId: a.customerId,
      alertId: a.id,
      actorId: principal.user.contactId,
      impersonatorId: principal.impersonator?.contactId ?? null,
      action: 'case_assigned',
      field: 'case_id',
      before: a.caseId,
      after: target.id,
    })),
  );
  const previousCases = [...new Set(moving.map((a) => a.caseId).filter((id): id is number => id !== null))];
  for (const caseId of [target.id, ...previousCases]) await refreshCase(tx, caseId);
  await audit(tx, principal, {
    action: 'assign_alerts',
    entity: 'case',
    entityId: String(target.id),
    customerId: target.customerId,
    before: Object.fromEntries(moving.map((a) => [a.id, a.caseId])),
    after: { alert_ids: movingIds },
  });
  return movingIds;
}

/** Takes one alert out of a case: 404 unless the caller can see it and it is in that case. */
export async function unassignAlert(
  tx: Db,
  principal: Principal,
  target: CaseRow,
  alertId: number,
): Promise<void> {
  const [alert] = await tx
    .select({ id: alerts.id, customerId: alerts.customerId })
    .from(alerts)
    .where(
      and(
        eq(alerts.id, alertId),
        eq(alerts.caseId, target.id),
        inIds(alerts.customerId, principal.scope.customerIds),
      ),
    )
    .for('update');
  if (!alert) throw new ApiError(404, 'not_found', `Alert ${alertId} was not found in case ${target.id}.`);
  await tx
    .update(alerts)
    .set({ caseId: null, ...nextVersion(alerts) })
    .where(eq(alerts.id, alert.id));
  await tx.insert(alertActivity).values({
    customerId: alert.customerId,
    alertId: alert.id,
    actorId: principal.user.contactId,
    impersonatorId: principal.impersonator?.contactId ?? null,
    action: 'case_unassigned',
    field: 'case_id',
    before: target.id,
    after: null,
  });
  await refreshCase(tx, target.id);
  await audit(tx, principal, {
    action: 'unassign_alert',
    entity: 'case',
    entityId: String(target.id),
    customerId: target.customerId,
    before: { alert_id: alert.id, case_id: target.id },
    after: { alert_id: alert.id, case_id: null },
  });
}
