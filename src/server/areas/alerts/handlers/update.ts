import { and, asc } from 'drizzle-orm';
import { BULK_LIMIT } from '../../../../api/limits.ts';
import { auditPerCustomer } from '../../../audit.ts';
import type { Principal } from '../../../auth/principal.ts';
import { alerts } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import type { Db } from '../../../db/types.ts';
import { ApiError, badRequest } from '../../../errors.ts';
import type { Handler, ResultOf } from '../../../platform/handler.ts';
import { changeVersioned } from '../../../platform/versioned.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { checkedAssignees } from '../../cases/index.ts';
import {
  type AlertChanges,
  anyId,
  applyChanges,
  type ChangePlan,
  caseCustomers,
  changeableColumns,
  changedSince,
  hasChanges,
  normaliseChanges,
  planChange,
  staleMessage,
} from '../changes.ts';
import { alertFilterCondition } from '../filters.ts';
import { alertDetail, loadAlert } from '../load.ts';

type Failure = ResultOf<'bulkUpdateAlerts'>['failed'][number];

export const updateAlert: Handler<'updateAlert'> = async (request) => {
  const principal = principalOf(request);
  const { version, comment, comment_private: commentPrivate, ...fields } = request.body;
  const changes = normaliseChanges(fields);
  if (!hasChanges(changes) && comment === undefined) {
    throw badRequest('body', 'give at least one field to change, or a comment');
  }
  const id = request.params.id;
  return asCaller(request, async (tx) => {
    await changeVersioned(tx, principal, {
      lock: () => loadAlert(tx, principal, id, { lock: true }),
      // A stale read is the first thing to say: the client must reload before anything else matters.
      expectedVersion: version,
      staleMessage: () => staleMessage(id),
      apply: async (row) => {
        if (changes.assigned_users) {
          changes.assigned_users = await checkedAssignees(
            tx,
            principal,
            row.customerId,
            changes.assigned_users,
            row.assignedUsers,
          );
        }
        const plan = planChange(row, changes, await caseCustomers(tx, changes.case_id), version);
        if (!plan.ok) {
          if (plan.code === 'bad_request')
            throw badRequest('body.case_id', 'must be a case of the same customer as the alert');
          throw new ApiError(409, plan.code, plan.message);
        }
        const { applied } = await applyChanges(
          tx,
          principal,
          [plan],
          changes,
          commentOf(comment, commentPrivate),
        );
        // A comment alone changes no field: the discussion service audits it.
        const changed = applied[0]!.changes;
        return changed.length > 0 ? changed : null;
      },
      audit: (row, changed) => ({
        action: 'update',
        entity: 'alert',
        entityId: String(id),
        customerId: row.customerId,
        before: Object.fromEntries(changed.map((c) => [c.field, c.before])),
        after: Object.fromEntries(changed.map((c) => [c.field, c.after])),
      }),
    });
    return alertDetail(tx, principal, await loadAlert(tx, principal, id));
  });
};

export const bulkUpdateAlerts: Handler<'bulkUpdateAlerts'> = async (request) => {
  const principal = principalOf(request);
  const { ids, versions, filter, as_of: asOf, comment, comment_private: commentPrivate } = request.body;
  const changes = normaliseChanges(request.body.fields ?? {});
  if ((ids === undefined) === (filter === undefined))
    throw badRequest('body.ids', 'give either ids or filter, not both');
  if (versions !== undefined && ids === undefined) throw badRequest('body.versions', 'only goes with ids');
  if (asOf !== undefined && filter === undefined) throw badRequest('body.as_of', 'only goes with filter');
  if (!hasChanges(changes) && comment === undefined) {
    throw badRequest('body.fields', 'give at least one field to change, or a comment');
  }
  return asCaller(request, async (tx) => {
    // Lock every target in id order (so concurrent bulk updates cannot deadlock), then check each.
    const condition = ids
      ? and(inIds(alerts.customerId, principal.scope.customerIds), anyId(alerts.id, ids))
      : alertFilterCondition(principal, filter ?? {}, 'body.filter');
    const rows = await tx
      .select({ ...changeableColumns, sinceAsOf: changedSince(asOf) })
      .from(alerts)
      .where(condition)
      .orderBy(asc(alerts.id))
      .limit(BULK_LIMIT + 1)
      .for('update');
    if (rows.length > BULK_LIMIT) {
      throw badRequest('body.filter', `matches more than ${BULK_LIMIT} alerts; narrow it down`);
    }
    const failed: Failure[] = [];
    if (ids) {
      const found = new Set(rows.map((r) => r.id));
      for (const id of ids) {
        if (!found.has(id)) failed.push({ id, code: 'not_found', message: `Alert ${id} was not found.` });
      }
    }
    const cases = await caseCustomers(tx, changes.case_id);
    const refusedCustomers = await customersRefusingAssignees(tx, principal, rows, changes);
    const ok: Extract<ChangePlan, { ok: true }>[] = [];
    for (const row of rows) {
      if (row.sinceAsOf) {
        failed.push({
          id: row.id,
          code: 'conflict',
          message: `Alert ${row.id} was created or changed after the list was read. Reload it and try again.`,
        });
        continue;
      }
      if (refusedCustomers.has(row.customerId)) {
        failed.push({
          id: row.id,
          code: 'bad_request',
          message: `The assignees include someone who cannot see the customer of alert ${row.id}.`,
        });
        continue;
      }
      const plan = planChange(row, changes, cases, versions?.[String(row.id)]);
      if (plan.ok) ok.push(plan);
      else failed.push({ id: plan.id, code: plan.code, message: plan.message });
    }
    const { applied } = await applyChanges(tx, principal, ok, changes, commentOf(comment, commentPrivate));
    const changed = applied.filter((a) => a.changes.length > 0);
    await auditPerCustomer(tx, principal, changed, (_, own) => ({
      action: 'bulk_update',
      entity: 'alert',
      before: Object.fromEntries(
        own.map((a) => [a.id, Object.fromEntries(a.changes.map((c) => [c.field, c.before]))]),
      ),
      after: { ids: own.map((a) => a.id), fields: changes },
    }));
    failed.sort((a, b) => a.id - b.id);
    return { updated: applied.map((a) => ({ id: a.id, version: a.version })), failed };
  });
};

/**
 * Checks the assignees once per customer of the alerts (same rule as cases: people who can see
 * that customer and whom the caller can see) and stores them in the account's own spelling.
 * Returns the customers for which the list was refused; their alerts fail with bad_request.
 */
async function customersRefusingAssignees(
  tx: Db,
  principal: Principal,
  rows: readonly { customerId: string }[],
  changes: AlertChanges,
): Promise<Set<string>> {
  const refused = new Set<string>();
  const requested = changes.assigned_users;
  if (!requested) return refused;
  for (const customerId of new Set(rows.map((r) => r.customerId))) {
    try {
      changes.assigned_users = await checkedAssignees(tx, principal, customerId, requested, []);
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
      refused.add(customerId);
    }
  }
  return refused;
}

function commentOf(body: string | undefined, isPrivate: boolean | undefined) {
  return body === undefined ? undefined : { body, private: isPrivate === true };
}
