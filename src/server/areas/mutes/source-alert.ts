import { and, eq } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alertActivity, alerts } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { nextVersion } from '../../platform/versioned.ts';

/** Statuses a mute made from an alert moves to `muted`; resolved alerts keep their resolution. */
const MUTABLE_STATUSES: readonly string[] = [...OPEN_STATUSES, 'preview'];

/**
 * Checks the alert a mute is made from (visible to the caller, same customer) and locks it until
 * the mute is written: 404 when the caller cannot see it, 400 when it belongs to another customer.
 */
export async function lockSourceAlert(tx: Db, principal: Principal, alertId: number, customerId: string) {
  const [alert] = await tx
    .select({ id: alerts.id, customerId: alerts.customerId, status: alerts.status })
    .from(alerts)
    .where(and(eq(alerts.id, alertId), inIds(alerts.customerId, principal.scope.customerIds)))
    .for('update');
  if (!alert) throw notFound(`Alert ${alertId}`);
  if (alert.customerId !== customerId)
    throw badRequest('body.source_alert_id', 'must be an alert of customer_id');
  return alert;
}

/**
 * Mutes the alert the mute was made from: status `muted` and an activity row `muted` naming the
 * mute: before { status }, after { status: 'muted', mute_id }. Returns whether the alert changed.
 */
export async function muteSourceAlert(
  tx: Db,
  principal: Principal,
  alert: { id: number; customerId: string; status: string },
  muteId: string,
): Promise<boolean> {
  if (!MUTABLE_STATUSES.includes(alert.status)) return false;
  await tx
    .update(alerts)
    .set({ status: 'muted', ...nextVersion(alerts) })
    .where(eq(alerts.id, alert.id));
  await tx.insert(alertActivity).values({
    customerId: alert.customerId,
    alertId: alert.id,
    actorId: principal.user.contactId,
    impersonatorId: principal.impersonator?.contactId ?? null,
    action: 'muted',
    before: { status: alert.status },
    after: { status: 'muted', mute_id: muteId },
  });
  await audit(tx, principal, {
    action: 'mute',
    entity: 'alert',
    entityId: String(alert.id),
    customerId: alert.customerId,
    before: { status: alert.status },
    after: { status: 'muted', mute_id: muteId },
  });
  return true;
}
