import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { components } from '../../../api/schema.d.ts';
import { allowedTargets, canTransition } from '../../../common/transitions.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts, cases } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { nextVersion } from '../../platform/versioned.ts';
import { type Discussion, postDiscussions } from '../discussions/index.ts';
import { type ActivityEntry, recordActivity } from './activity.ts';
import type { AlertRow } from './present.ts';

/** The columns a change is checked against: enough to lock and check 10 000 alerts quickly. */
export const changeableColumns = {
  id: alerts.id,
  customerId: alerts.customerId,
  status: alerts.status,
  priority: alerts.priority,
  classification: alerts.classification,
  assignedUsers: alerts.assignedUsers,
  caseId: alerts.caseId,
  version: alerts.version,
};
export type ChangeableRow = Pick<AlertRow, keyof typeof changeableColumns>;

/**
 * Whether an alert was created or changed after `asOf`, the moment a list was read (always false
 * without one): "update all" leaves such alerts alone, since the person never saw them so.
 */
export function changedSince(asOf: string | undefined): SQL<boolean> {
  if (asOf === undefined) return sql<boolean>`false`;
  return sql<boolean>`(greatest(${alerts.createdAt}, ${alerts.updatedAt}) > ${asOf}::timestamptz)`;
}

/** `column = any(ids)` with the ids as ONE parameter (bulk updates pass up to 10 000). */
export function anyId(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`;
}

/** The fields a person may change, as the contract names them. */
export type AlertChanges = components['schemas']['AlertChanges'];
type ChangedField = keyof AlertChanges;

const FIELDS: readonly ChangedField[] = ['status', 'priority', 'classification', 'assigned_users', 'case_id'];

export interface FieldChange {
  field: ChangedField;
  before: unknown;
  after: unknown;
}

/** Why one alert cannot take the change; the code is the error code the API answers with. */
export interface ChangeFailure {
  id: number;
  code: 'conflict' | 'invalid_transition' | 'bad_request';
  message: string;
  /** For bad_request: the field to name in a 400. */
  field?: string;
}

export type ChangePlan =
  | { ok: true; row: ChangeableRow; changes: FieldChange[] }
  | ({ ok: false } & ChangeFailure);

/** The request's fields as a fresh object (handlers replace the assignees with their checked form). */
export function normaliseChanges(changes: AlertChanges): AlertChanges {
  return { ...changes, ...(changes.assigned_users ? { assigned_users: [...changes.assigned_users] } : {}) };
}

export function hasChanges(changes: AlertChanges): boolean {
  return FIELDS.some((field) => changes[field] !== undefined);
}

export function staleMessage(id: number): string {
  return `Alert ${id} was changed by someone else. Reload it and try again.`;
}

export function transitionMessage(id: number, from: string, to: string): string {
  const targets = allowedTargets(from);
  const allowed = targets.length ? `it can move to ${targets.join(', ')}` : 'it cannot change status';
  return `Alert ${id} cannot move from ${from} to ${to}: ${allowed}.`;
}

/** The customer of each case asked for that the caller may see (row-level security applies). */
export async function caseCustomers(tx: Db, caseId: number | null | undefined): Promise<Map<number, string>> {
  if (caseId === null || caseId === undefined) return new Map();
  const rows = await tx
    .select({ id: cases.id, customerId: cases.customerId })
    .from(cases)
    .where(inArray(cases.id, [caseId]));
  return new Map(rows.map((r) => [r.id, r.customerId]));
}

/**
 * Checks one locked alert against the change: the version the client read, the status transition
 * (common/transitions.ts) and the case's customer. Lists the fields that actually change.
 */
export function planChange(
  row: ChangeableRow,
  changes: AlertChanges,
  cases: Map<number, string>,
  expectedVersion: number | undefined,
): ChangePlan {
  if (expectedVersion !== undefined && expectedVersion !== row.version) {
    return { ok: false, id: row.id, code: 'conflict', message: staleMessage(row.id) };
  }
  if (changes.status !== undefined && !canTransition(row.status, changes.status)) {
    return {
      ok: false,
      id: row.id,
      code: 'invalid_transition',
      message: transitionMessage(row.id, row.status, changes.status),
    };
  }
  if (
    changes.case_id !== undefined &&
    changes.case_id !== null &&
    cases.get(changes.case_id) !== row.customerId
  ) {
    return {
      ok: false,
      id: row.id,
      code: 'bad_request',
      field: 'case_id',
      message: `Case ${changes.case_id} is not a case of the customer of alert ${row.id}.`,
    };
  }
  const current: Record<ChangedField, unknown> = {
    status: row.status,
    priority: row.priority,
    classification: row.classification,
    assigned_users: row.assignedUsers,
    case_id: row.caseId,
  };
  const list: FieldChange[] = [];
  for (const field of FIELDS) {
    const after = changes[field];
    if (after === undefined || sameValue(current[field], after)) continue;
    list.push({ field, before: current[field], after });
  }
  return { ok: true, row, changes: list };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

export interface AppliedChange {
  id: number;
  version: number;
  customerId: string;
  changes: FieldChange[];
  /** The alert's changeable columns as the change left them (as they were when nothing changed). */
  row: ChangeableRow;
}

/**
 * Applies checked plans: one UPDATE for every alert that changes (version + 1, updated_at now),
 * one activity row per changed field, and the comment on every alert given. Returns each alert's
 * new version (unchanged alerts keep theirs).
 */
export async function applyChanges(
  tx: Db,
  principal: Principal,
  plans: readonly Extract<ChangePlan, { ok: true }>[],
  changes: AlertChanges,
  comment: { body: string; private: boolean } | undefined,
): Promise<{ applied: AppliedChange[]; comments: Discussion[] }> {
  const changing = plans.filter((p) => p.changes.length > 0).map((p) => p.row.id);
  const rows = new Map<number, ChangeableRow>(plans.map((p) => [p.row.id, p.row]));
  if (changing.length > 0) {
    const set: PgUpdateSetSource<typeof alerts> = nextVersion(alerts);
    if (changes.status !== undefined) set.status = changes.status;
    if (changes.priority !== undefined) set.priority = changes.priority;
    if (changes.classification !== undefined) set.classification = changes.classification;
    if (changes.assigned_users !== undefined) set.assignedUsers = changes.assigned_users;
    if (changes.case_id !== undefined) set.caseId = changes.case_id;
    const updated = await tx
      .update(alerts)
      .set(set)
      .where(anyId(alerts.id, changing))
      .returning({ id: alerts.id, version: alerts.version });
    for (const u of updated) {
      const before = rows.get(u.id)!;
      rows.set(u.id, {
        ...before,
        version: u.version,
        ...(set.status !== undefined && { status: changes.status! }),
        ...(set.priority !== undefined && { priority: changes.priority! }),
        ...(set.classification !== undefined && { classification: changes.classification! }),
        ...(set.assignedUsers !== undefined && { assignedUsers: changes.assigned_users! }),
        ...(set.caseId !== undefined && { caseId: changes.case_id! }),
      });
    }
  }
  const entries: ActivityEntry[] = plans.flatMap((p) =>
    p.changes.map((c) => ({
      alertId: p.row.id,
      customerId: p.row.customerId,
      action: 'updated' as const,
      field: c.field,
      before: c.before,
      after: c.after,
    })),
  );
  let comments: Discussion[] = [];
  if (comment) {
    const targets = plans.map((p) => ({ entityId: p.row.id, customerId: p.row.customerId }));
    comments = await postDiscussions(tx, principal, 'alert', targets, comment);
    comments.forEach((d, i) => {
      const plan = plans[i]!;
      entries.push({
        alertId: plan.row.id,
        customerId: plan.row.customerId,
        action: 'commented',
        after: { discussion_id: d.id, private: d.private },
        comment: d.body,
      });
    });
  }
  await recordActivity(tx, principal, entries);
  return {
    applied: plans.map((p) => ({
      id: p.row.id,
      version: rows.get(p.row.id)!.version,
      customerId: p.row.customerId,
      changes: p.changes,
      row: rows.get(p.row.id)!,
    })),
    comments,
  };
}
