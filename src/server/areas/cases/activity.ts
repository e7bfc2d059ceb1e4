import { and, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { agentActions, agents, auditLog, users } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { presentAction } from '../agents/index.ts';
import { listDiscussions } from '../discussions/index.ts';
import type { CaseRow } from './present.ts';

type CaseActivity = components['schemas']['CaseActivity'];

/** The feed holds this many entries, and reads at most this many of each kind. */
export const CASE_ACTIVITY_LIMIT = 500;

/** Audit actions on a case, as the feed names them. */
const CHANGE_NAMES: Record<string, string> = {
  create: 'created',
  update: 'updated',
  assign_alerts: 'alerts_assigned',
  unassign_alert: 'alert_unassigned',
};

type Json = Record<string, unknown> | null;

/** Each field an update changed (the version aside), or the alerts an assignment moved. */
function changesOf(action: string, before: Json, after: Json): CaseActivity['changes'] {
  if (action === 'assign_alerts')
    return [{ field: 'alert_ids', before: null, after: after?.alert_ids ?? [] }];
  if (action === 'unassign_alert') return [{ field: 'alert_ids', before: [before?.alert_id], after: null }];
  if (action !== 'update' || !before || !after) return [];
  return Object.keys(after)
    .filter((field) => field !== 'version' && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/**
 * One case's activity, newest first: its changes (from the audit log, which every change through
 * the API writes), its comments as the caller may see them, and the agent actions started from
 * it as they stand now. Callers have checked that the case is visible.
 */
export async function caseActivity(tx: Db, principal: Principal, found: CaseRow): Promise<CaseActivity[]> {
  const changes = await tx
    .select({ row: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.contactId, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, 'case'),
        eq(auditLog.entityId, String(found.id)),
        eq(auditLog.customerId, found.customerId),
        inArray(auditLog.action, Object.keys(CHANGE_NAMES)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(CASE_ACTIVITY_LIMIT);
  const actions = await tx
    .select({ row: agentActions, email: users.email, host: agents.hostName })
    .from(agentActions)
    .leftJoin(users, eq(users.contactId, agentActions.requestedBy))
    .leftJoin(agents, eq(agents.agentId, agentActions.agentId))
    .where(
      and(eq(agentActions.caseId, found.id), inIds(agentActions.customerId, principal.scope.customerIds)),
    )
    .orderBy(desc(agentActions.createdAt), desc(agentActions.actionId))
    .limit(CASE_ACTIVITY_LIMIT);
  const comments = await listDiscussions(tx, principal, 'case', found.id, {
    batchSize: CASE_ACTIVITY_LIMIT,
    offset: 0,
    newestFirst: true,
  });
  const feed: CaseActivity[] = [
    ...changes.map(({ row, email }) => ({
      id: `change-${row.id}`,
      kind: 'change' as const,
      at: row.at.toISOString(),
      actor_email: email,
      action: CHANGE_NAMES[row.action]!,
      changes: changesOf(row.action, row.before as Json, row.after as Json),
      comment: null,
      agent_action: null,
      agent_host_name: null,
    })),
    ...comments.map((comment) => ({
      id: `comment-${comment.id}`,
      kind: 'comment' as const,
      at: comment.created_at,
      actor_email: comment.user?.email ?? null,
      action: 'commented',
      changes: [],
      comment,
      agent_action: null,
      agent_host_name: null,
    })),
    ...actions.map(({ row, email, host }) => ({
      id: `action-${row.actionId}`,
      kind: 'agent_action' as const,
      at: row.createdAt.toISOString(),
      actor_email: email,
      action: row.type,
      changes: [],
      comment: null,
      agent_action: presentAction(row),
      agent_host_name: host,
    })),
  ];
  // ISO timestamps in UTC sort as text; ties keep a stable order by id.
  feed.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : a.at < b.at ? 1 : -1));
  return feed.slice(0, CASE_ACTIVITY_LIMIT);
}
