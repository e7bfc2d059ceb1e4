import { and, desc, eq } from 'drizzle-orm';
import type { components } from '../../../../api/schema.d.ts';
import { audit } from '../../../audit.ts';
import { logAlertFirings, logAlertRules, savedSearches } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import type { Db } from '../../../db/types.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { backtestRule } from './backtest.ts';
import { type Realert, realertMinutes, realertOf } from './rule-search.ts';

type RuleRow = typeof logAlertRules.$inferSelect;
type Priority = components['schemas']['Priority'];

const present = (row: RuleRow): components['schemas']['LogAlertRule'] => ({
  id: row.id,
  saved_search_id: row.savedSearchId,
  owner_id: row.ownerId,
  period: row.periodSeconds,
  priority: row.priority as Priority,
  threshold: row.threshold,
  realert: realertOf(row.realertMinutes),
  enabled: row.enabled,
  last_run_at: row.lastRunAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A saved search the caller may see (row-level security applies the scopes of spec 2, section 6). */
async function visibleSaved(tx: Db, id: string) {
  const [saved] = await tx.select().from(savedSearches).where(eq(savedSearches.id, id));
  if (!saved) throw notFound(`Saved search ${id}`);
  return saved;
}

export const listLogAlertRules: Handler<'listLogAlertRules'> = async (request) => {
  const rows = await asCaller(request, (tx) =>
    tx.select().from(logAlertRules).orderBy(desc(logAlertRules.createdAt), desc(logAlertRules.id)),
  );
  return { rules: rows.map(present) };
};

export const saveLogAlertRule: Handler<'saveLogAlertRule'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  const settings = {
    periodSeconds: body.period,
    priority: body.priority,
    threshold: body.threshold,
    realertMinutes: realertMinutes(body.realert as Realert),
    enabled: body.enabled ?? true,
  };
  const { row, created } = await asCaller(request, async (tx) => {
    await visibleSaved(tx, body.saved_search_id);
    const [existing] = await tx
      .select()
      .from(logAlertRules)
      .where(eq(logAlertRules.savedSearchId, body.saved_search_id))
      .for('update');
    if (existing) {
      const [updated] = await tx
        .update(logAlertRules)
        .set({
          ...settings,
          // The owner setting it again (by a key or a session) decides whose reach it runs with.
          ...(existing.ownerId === principal.user.contactId
            ? { apiKeyId: principal.apiKey?.keyId ?? null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(logAlertRules.id, existing.id))
        .returning();
      await audit(tx, principal, {
        action: 'update',
        entity: 'log_alert_rule',
        entityId: existing.id,
        before: present(existing),
        after: present(updated!),
      });
      return { row: updated!, created: false };
    }
    const [inserted] = await tx
      .insert(logAlertRules)
      .values({
        ...settings,
        partnerId: principal.user.partnerId,
        ownerId: principal.user.contactId,
        apiKeyId: principal.apiKey?.keyId ?? null,
        savedSearchId: body.saved_search_id,
      })
      .onConflictDoNothing()
      .returning();
    // Another user's rule on this search, which the caller cannot see.
    if (!inserted) throw conflict('This saved search already has alert settings of another user.');
    await audit(tx, principal, {
      action: 'create',
      entity: 'log_alert_rule',
      entityId: inserted.id,
      after: present(inserted),
    });
    return { row: inserted, created: true };
  });
  reply.status(created ? 201 : 200);
  return present(row);
};

export const deleteLogAlertRule: Handler<'deleteLogAlertRule'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const [deleted] = await tx
      .delete(logAlertRules)
      .where(eq(logAlertRules.id, request.params.id))
      .returning();
    if (!deleted) throw notFound(`Alert rule ${request.params.id}`);
    await audit(tx, principal, {
      action: 'delete',
      entity: 'log_alert_rule',
      entityId: deleted.id,
      before: present(deleted),
    });
  });
  reply.status(204);
  return undefined;
};

export const listLogAlertFirings: Handler<'listLogAlertFirings'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, async (tx) => {
    const [rule] = await tx
      .select({ id: logAlertRules.id })
      .from(logAlertRules)
      .where(eq(logAlertRules.id, request.params.id));
    if (!rule) throw notFound(`Alert rule ${request.params.id}`);
    return tx
      .select()
      .from(logAlertFirings)
      .where(
        and(
          eq(logAlertFirings.ruleId, rule.id),
          inIds(logAlertFirings.customerId, principal.scope.customerIds),
        ),
      )
      .orderBy(desc(logAlertFirings.firedAt), desc(logAlertFirings.id))
      .limit(500);
  });
  return {
    firings: rows.map((row) => ({
      fired_at: row.firedAt.toISOString(),
      customer_id: row.customerId,
      count: row.count,
      outcome: row.outcome as 'fired' | 'suppressed',
      reason: row.reason as 'realert' | 'muted' | null,
      alert_id: row.alertId,
    })),
  };
};

export const backtestLogAlertRule: Handler<'backtestLogAlertRule'> = async (request) => {
  const principal = principalOf(request);
  const body = request.body;
  return asCaller(request, async (tx) => {
    const saved = await visibleSaved(tx, body.saved_search_id);
    const [existing] = await tx
      .select({ id: logAlertRules.id })
      .from(logAlertRules)
      .where(eq(logAlertRules.savedSearchId, saved.id));
    return backtestRule(tx, saved, principal.scope.customerIds, {
      id: existing?.id ?? null,
      periodSeconds: body.period,
      threshold: body.threshold,
      realertMinutes: realertMinutes(body.realert as Realert),
      priority: body.priority,
    });
  });
};
