import { and, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, notFound } from '../../errors.ts';
import { checkedAssignees } from '../cases/index.ts';
import {
  type AlertChanges,
  applyChanges,
  type ChangeableRow,
  changeableColumns,
  type FieldChange,
  planChange,
} from './changes.ts';

/**
 * Alerts this transaction has locked and changed through changeAlertAsAsked, as they now stand:
 * several changes to one alert in one transaction (a workflow's steps done together) read and
 * lock it once. Only for a transaction in which nothing else changes these alerts.
 */
export type HeldAlerts = Map<number, ChangeableRow>;

/** The alert's changeable columns, locked, if the caller may see it; else 404 as loadAlert answers. */
async function lockChangeable(tx: Db, principal: Principal, id: number): Promise<ChangeableRow> {
  const [row] = await tx
    .select(changeableColumns)
    .from(alerts)
    .where(and(eq(alerts.id, id), inIds(alerts.customerId, principal.scope.customerIds)))
    .for('update');
  if (!row) throw notFound(`Alert ${id}`);
  return row;
}

/**
 * One alert changed for work done later in a person's name (a workflow's task): the same checks,
 * activity, notifications and audit as a change through the API, without a client version.
 * Answers the fields that changed and the comment's id. With `held`, an alert already in it is
 * not read again, and the alert is left there as changed.
 */
export async function changeAlertAsAsked(
  tx: Db,
  principal: Principal,
  alertId: number,
  asked: AlertChanges,
  comment?: { body: string; private: boolean },
  held?: HeldAlerts,
): Promise<{ changes: FieldChange[]; commentId: number | string | null }> {
  const row = held?.get(alertId) ?? (await lockChangeable(tx, principal, alertId));
  const changes = { ...asked };
  if (changes.assigned_users)
    changes.assigned_users = await checkedAssignees(
      tx,
      principal,
      row.customerId,
      changes.assigned_users,
      row.assignedUsers,
    );
  const plan = planChange(row, changes, new Map(), undefined);
  if (!plan.ok) throw new ApiError(409, plan.code, plan.message);
  const { applied, comments } = await applyChanges(tx, principal, [plan], changes, comment);
  const changed = applied[0]!.changes;
  held?.set(alertId, applied[0]!.row);
  if (changed.length > 0)
    await audit(tx, principal, {
      action: 'update',
      entity: 'alert',
      entityId: String(alertId),
      customerId: row.customerId,
      before: Object.fromEntries(changed.map((c) => [c.field, c.before])),
      after: Object.fromEntries(changed.map((c) => [c.field, c.after])),
    });
  return { changes: changed, commentId: comments[0]?.id ?? null };
}
