import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { cases } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { requireVisibleCustomer } from '../../platform/scope.ts';
import { assignAlerts } from './alerts.ts';
import { checkedAssignees } from './assignees.ts';
import { type CaseRow, loadCase } from './present.ts';

/** Tags as stored: trimmed, without repeats. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()))];
}

/** The fields of a case the audit log keeps. */
export function audited(row: CaseRow) {
  return {
    title: row.title,
    description: row.description,
    status: row.status,
    tags: row.tags,
    assigned_users: row.assignedUsers,
    risk_score_min: row.riskScoreMin,
    risk_score_max: row.riskScoreMax,
    fields: row.fields,
    version: row.version,
  };
}

export interface NewCase {
  customerId: string;
  title: string;
  description?: string;
  status?: string;
  tags?: readonly string[];
  assignedUsers?: readonly string[];
  riskScoreMin?: number | null;
  riskScoreMax?: number | null;
  fields?: Record<string, unknown>;
  alertIds?: readonly number[];
}

/**
 * Opens a case as the caller, in their transaction: checked assignees, the audit row, and its
 * alerts moved into it. The one way a case is made (the API and a workflow's step).
 */
export async function openCase(tx: Db, principal: Principal, input: NewCase): Promise<CaseRow> {
  requireVisibleCustomer(principal, input.customerId);
  const assignees = await checkedAssignees(
    tx,
    principal,
    input.customerId,
    [...(input.assignedUsers ?? [])],
    [],
  );
  const [row] = await tx
    .insert(cases)
    .values({
      customerId: input.customerId,
      title: input.title.trim(),
      description: input.description ?? '',
      status: input.status ?? 'new',
      tags: cleanTags(input.tags ?? []),
      assignedUsers: assignees,
      riskScoreMin: input.riskScoreMin ?? null,
      riskScoreMax: input.riskScoreMax ?? null,
      fields: input.fields ?? {},
    })
    .returning();
  await audit(tx, principal, {
    action: 'create',
    entity: 'case',
    entityId: String(row!.id),
    customerId: row!.customerId,
    after: audited(row!),
  });
  await assignAlerts(tx, principal, row!, input.alertIds ?? [], 'body.alert_ids');
  return row!;
}

/** Adds alerts to a case the caller sees (404 otherwise); answers the alerts that moved. */
export async function addAlertsToCase(
  tx: Db,
  principal: Principal,
  caseId: number,
  alertIds: readonly number[],
): Promise<number[]> {
  const target = await loadCase(tx, principal, caseId, true);
  return assignAlerts(tx, principal, target, alertIds, 'alert_ids');
}
