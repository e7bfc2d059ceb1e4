import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { insertRows, type JsonRowsTable } from '../../db/deferred-inserts.ts';
import { agentActions, alertActivity, users } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { stopEscalationsOnStatus } from '../../platform/alert-escalations.ts';
import { type AlertEvent, queueAlertWorkflowEvents } from '../../platform/alert-events.ts';
import { isStaff } from '../../platform/permissions.ts';
import { presentAction } from '../agents/index.ts';
import { notificationEvents, queueNotificationEvents } from './notifications.ts';

export type AlertActivity = components['schemas']['AlertActivity'];

/**
 * What happened to an alert. Actions: created, muted, viewed, updated (one row per changed field,
 * with before and after), commented (after: { discussion_id, private }), note, merged (on the
 * target), merged_into (on each source), action_requested, workflow_rerun, escalation (after:
 * { event: started, told, acknowledged, stopped or exhausted, … }: each attempt of an escalation).
 */
export type ActivityAction =
  | 'created'
  | 'muted'
  | 'viewed'
  | 'updated'
  | 'commented'
  | 'note'
  | 'merged'
  | 'merged_into'
  | 'action_requested'
  | 'workflow_rerun'
  | 'escalation';

export interface ActivityEntry {
  alertId: number;
  customerId: string;
  action: ActivityAction;
  field?: string | null;
  before?: unknown;
  after?: unknown;
  comment?: string | null;
}

/**
 * Writes activity rows as the caller (and who impersonates them); a null principal is the system.
 * All rows go in one statement with one parameter (a JSON array): a bulk update of 10 000 alerts
 * writes tens of thousands of rows, which row-by-row parameters would make slow.
 */
export async function recordActivity(
  tx: Db,
  principal: Principal | null,
  entries: readonly ActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const actor = principal?.user.contactId ?? null;
  const impersonator = principal?.impersonator?.contactId ?? null;
  const rows = entries.map((e) => ({
    alert_id: e.alertId,
    customer_id: e.customerId,
    actor_id: actor,
    impersonator_id: impersonator,
    action: e.action,
    field: e.field ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    comment: e.comment ?? null,
  }));
  await insertRows(tx, ACTIVITY_ROWS, rows);
  // Every alert event passes here, so the people who asked to be mailed of it hear of it.
  await queueNotificationEvents(tx, notificationEvents(actor, entries));
  // ...and the published workflows that answer it run (a muted new alert triggers nothing).
  await queueAlertWorkflowEvents(tx, workflowEvents(entries));
  // ...and an alert someone took up (acknowledged, resolved) is no longer escalated.
  await stopEscalationsOnStatus(
    tx,
    entries
      .filter((e) => e.action === 'updated' && e.field === 'status' && typeof e.after === 'string')
      .map((e) => ({ alertId: e.alertId, status: e.after as string })),
  );
}

/** Activity rows as `recordActivity` writes them. */
const ACTIVITY_ROWS: JsonRowsTable = {
  table: alertActivity,
  columns: {
    alert_id: 'bigint',
    customer_id: 'uuid',
    actor_id: 'uuid',
    impersonator_id: 'uuid',
    action: 'text',
    field: 'text',
    before: 'jsonb',
    after: 'jsonb',
    comment: 'text',
  },
};

/** New alerts no mute caught, and alerts whose fields changed, once each. */
function workflowEvents(entries: readonly ActivityEntry[]): AlertEvent[] {
  const muted = new Set(entries.filter((e) => e.action === 'muted').map((e) => e.alertId));
  const created = entries
    .filter((e) => e.action === 'created' && !muted.has(e.alertId))
    .map((e) => e.alertId);
  const changed = new Map<number, string[]>();
  for (const e of entries)
    if (e.action === 'updated' && e.field)
      changed.set(e.alertId, [...(changed.get(e.alertId) ?? []), e.field]);
  return [
    ...created.map((alertId) => ({ alertId, event: 'alert_created' as const })),
    ...[...changed].map(([alertId, fields]) => ({ alertId, event: 'alert_updated' as const, fields })),
  ];
}

/** One activity row, returned as written (manual notes). */
export async function recordNote(
  tx: Db,
  principal: Principal,
  entry: ActivityEntry,
): Promise<typeof alertActivity.$inferSelect> {
  const [row] = await tx
    .insert(alertActivity)
    .values({
      alertId: entry.alertId,
      customerId: entry.customerId,
      actorId: principal.user.contactId,
      impersonatorId: principal.impersonator?.contactId ?? null,
      action: entry.action,
      comment: entry.comment ?? null,
    })
    .returning();
  return row!;
}

/** Entries about private comments, which customer users must not see. */
const PRIVATE_ENTRY = sql`coalesce(${alertActivity.after} @> '{"private": true}'::jsonb, false)`;

/** One alert's activity, newest first, with the actor's e-mail when the account still exists. */
export async function listActivity(
  tx: Db,
  principal: Principal,
  alertId: number,
  page: { batchSize: number; offset: number },
): Promise<AlertActivity[]> {
  const rows = await tx
    .select({ entry: alertActivity, email: users.email })
    .from(alertActivity)
    .leftJoin(users, eq(users.contactId, alertActivity.actorId))
    .where(
      and(eq(alertActivity.alertId, alertId), isStaff(principal) ? undefined : sql`not ${PRIVATE_ENTRY}`),
    )
    .orderBy(desc(alertActivity.at), desc(alertActivity.id))
    .limit(page.batchSize)
    .offset(page.offset);
  const actions = await actionsOfRequests(
    tx,
    principal,
    alertId,
    rows.map((row) => row.entry),
  );
  return rows.map((row) =>
    presentActivity(
      row.entry,
      row.email,
      requestedActionIds(row.entry).flatMap((id) => actions.get(id) ?? []),
    ),
  );
}

/** The agent action ids an `action_requested` entry names (agents/actions.ts writes them). */
function requestedActionIds(entry: typeof alertActivity.$inferSelect): string[] {
  if (entry.action !== 'action_requested') return [];
  const ids = (entry.after as { agent_action_ids?: unknown } | null)?.agent_action_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The current state of the agent actions the page's entries asked for, by id: read from the
 * actions themselves, so the activity shows delivered, running and done as the agents report them.
 */
async function actionsOfRequests(
  tx: Db,
  principal: Principal,
  alertId: number,
  entries: readonly (typeof alertActivity.$inferSelect)[],
): Promise<Map<string, AlertActivity['agent_actions'][number]>> {
  const wanted = entries.flatMap(requestedActionIds);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(agentActions)
    .where(
      and(
        eq(agentActions.alertId, alertId),
        inArray(agentActions.actionId, [...new Set(wanted)]),
        inIds(agentActions.customerId, principal.scope.customerIds),
      ),
    );
  return new Map(rows.map((row) => [row.actionId, presentAction(row)]));
}

export function presentActivity(
  entry: typeof alertActivity.$inferSelect,
  email: string | null,
  actions: AlertActivity['agent_actions'] = [],
): AlertActivity {
  return {
    id: entry.id,
    alert_id: entry.alertId,
    action: entry.action,
    field: entry.field,
    before: entry.before,
    after: entry.after,
    comment: entry.comment,
    actor_email: email,
    at: entry.at.toISOString(),
    agent_actions: actions,
  };
}

/** Records that the caller opened the alert, once per person (spec 2: `skip_viewed`). */
export async function recordView(
  tx: Db,
  principal: Principal,
  alertId: number,
  customerId: string,
): Promise<void> {
  const [seen] = await tx
    .select({ id: alertActivity.id })
    .from(alertActivity)
    .where(
      and(
        eq(alertActivity.alertId, alertId),
        eq(alertActivity.action, 'viewed'),
        eq(alertActivity.actorId, principal.user.contactId),
      ),
    )
    .limit(1);
  if (!seen) await recordActivity(tx, principal, [{ alertId, customerId, action: 'viewed' }]);
}
