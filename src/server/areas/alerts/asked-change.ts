import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/types.ts';
import { ApiError } from '../../errors.ts';
import { checkedAssignees } from '../cases/index.ts';
import { type AlertChanges, applyChanges, type FieldChange, planChange } from './changes.ts';
import { loadAlert } from './load.ts';

/**
 * One alert changed for work done later in a person's name (a workflow's task): the same checks,
 * activity, notifications and audit as a change through the API, without a client version.
 * Answers the fields that changed and the comment's id.
 */
export async function changeAlertAsAsked(
  tx: Db,
  principal: Principal,
  alertId: number,
  asked: AlertChanges,
  comment?: { body: string; private: boolean },
): Promise<{ changes: FieldChange[]; commentId: number | string | null }> {
  const row = await loadAlert(tx, principal, alertId, { lock: true });
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
