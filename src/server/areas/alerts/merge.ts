import { and, asc, inArray } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts, detections } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { nextVersion } from '../../platform/versioned.ts';
import { postDiscussion } from '../discussions/index.ts';
import { type ActivityEntry, recordActivity } from './activity.ts';
import type { AlertRow } from './present.ts';

/**
 * Merges duplicates into a target of the same customer: the sources are closed with merged_into
 * set (whatever their status: merging is its own decision, not a status change), their
 * detections move to the target, every alert involved records the merge, and the optional comment
 * goes to the target. Returns the target, locked and updated.
 */
export async function mergeAlertRecords(
  tx: Db,
  principal: Principal,
  targetId: number,
  sourceIds: readonly number[],
  comment: string | undefined,
): Promise<AlertRow> {
  if (sourceIds.includes(targetId)) throw badRequest('body.source_ids', 'must not include the target');
  const ids = [targetId, ...sourceIds];
  const rows = await tx
    .select()
    .from(alerts)
    .where(and(inArray(alerts.id, ids), inIds(alerts.customerId, principal.scope.customerIds)))
    .orderBy(asc(alerts.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Alert ${missing}`);
  const target = byId.get(targetId)!;
  if (target.mergedInto !== null) {
    throw conflict(
      `Alert ${targetId} was merged into alert ${target.mergedInto} and cannot take other alerts.`,
    );
  }
  const sources = sourceIds.map((id) => byId.get(id)!);
  sources.forEach((source, index) => {
    if (source.customerId !== target.customerId) {
      throw badRequest(`body.source_ids[${index}]`, 'must be an alert of the same customer as the target');
    }
    if (source.mergedInto !== null)
      throw conflict(`Alert ${source.id} was already merged into alert ${source.mergedInto}.`);
  });

  await tx
    .update(alerts)
    .set({
      status: 'closed',
      mergedInto: targetId,
      ...nextVersion(alerts),
    })
    .where(inArray(alerts.id, [...sourceIds]));
  await tx
    .update(detections)
    .set({ alertId: targetId })
    .where(inArray(detections.alertId, [...sourceIds]));
  const [updated] = await tx
    .update(alerts)
    .set(nextVersion(alerts))
    .where(inArray(alerts.id, [targetId]))
    .returning();

  const entries: ActivityEntry[] = sources.map((s) => ({
    alertId: s.id,
    customerId: s.customerId,
    action: 'merged_into',
    before: { status: s.status },
    after: { merged_into: targetId, status: 'closed' },
  }));
  entries.push({
    alertId: targetId,
    customerId: target.customerId,
    action: 'merged',
    after: { source_ids: sourceIds },
  });
  if (comment !== undefined) {
    const posted = await postDiscussion(tx, principal, 'alert', targetId, target.customerId, {
      body: comment,
    });
    entries.push({
      alertId: targetId,
      customerId: target.customerId,
      action: 'commented',
      after: { discussion_id: posted.id, private: posted.private },
      comment: posted.body,
    });
  }
  await recordActivity(tx, principal, entries);
  await audit(tx, principal, {
    action: 'merge',
    entity: 'alert',
    entityId: String(targetId),
    customerId: target.customerId,
    before: Object.fromEntries(sources.map((s) => [s.id, { status: s.status }])),
    after: { source_ids: sourceIds, status: 'closed' },
  });
  return updated!;
}
