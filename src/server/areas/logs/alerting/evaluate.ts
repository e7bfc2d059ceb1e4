import { and, desc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.ts';
import { reachNow } from '../../../auth/reach-now.ts';
import { logAlertFirings, logAlertRules, savedSearches } from '../../../db/schema/index.ts';
import { resultRows, VISIBLE_LOG_EVENTS, withScope } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { queueWorkflowEvents } from '../../../platform/workflow-events.ts';
import { createAlertRecord } from '../../alerts/index.ts';
import { whereOf } from '../search.ts';
import { ruleAlert } from './rule-alert.ts';
import { ruleSearch } from './rule-search.ts';

/** The caller's customers' events (a view applying the tenant predicate; see db/tenancy.ts). */
const EVENTS = sql.raw(VISIBLE_LOG_EVENTS);

type RuleRow = typeof logAlertRules.$inferSelect;

export interface RunResult {
  fired: number;
  suppressed: number;
}

/**
 * The rule owner as a caller: the job acts for them (or for the key that set the rule), within
 * the customers they may see now; none once the owner is gone, the key revoked or every customer
 * lost, and then the rule raises nothing.
 */
async function ownerOf(db: Db, rule: RuleRow): Promise<Principal | null> {
  const reach = await reachNow(db, {
    userId: rule.ownerId,
    apiKeyId: rule.apiKeyId,
    partnerId: rule.partnerId,
  });
  if (!reach.active || reach.principal.scope.customerIds.length === 0) return null;
  return reach.principal;
}

/**
 * One run of a rule at `at`: counts the saved search's events of the period per customer; each
 * customer at or over the threshold gets an alert through the one alert-creation path (mutes
 * apply there), unless the rule raised one for that customer less than its realert minutes ago.
 * Every firing is recorded, a suppressed one with its reason (realert or muted).
 */
export async function runAlertRule(db: Db, rule: RuleRow, at = new Date()): Promise<RunResult> {
  const result: RunResult = { fired: 0, suppressed: 0 };
  const [saved] = await db.select().from(savedSearches).where(eq(savedSearches.id, rule.savedSearchId));
  const principal = saved ? await ownerOf(db, rule) : null;
  if (saved && principal) {
    const search = ruleSearch(saved, principal.scope.customerIds, at, rule.periodSeconds);
    await withScope(db, principal.scope, async (tx) => {
      const counts = resultRows<{ customer_id: string; n: number }>(
        await tx.execute(sql`select customer_id, count(*)::int as n from ${EVENTS}
          where ${whereOf(search)} group by customer_id order by customer_id`),
      );
      for (const { customer_id: customerId, n } of counts) {
        if (n < rule.threshold) continue;
        const record = (outcome: 'fired' | 'suppressed', reason: string | null, alertId: number | null) =>
          tx
            .insert(logAlertFirings)
            .values({ ruleId: rule.id, customerId, firedAt: at, count: n, outcome, reason, alertId });
        if (rule.realertMinutes > 0) {
          const [last] = await tx
            .select({ firedAt: logAlertFirings.firedAt })
            .from(logAlertFirings)
            .where(
              and(
                eq(logAlertFirings.ruleId, rule.id),
                eq(logAlertFirings.customerId, customerId),
                // Realert counts from the last alert raised, muted or not.
                sql`${logAlertFirings.reason} is distinct from 'realert'`,
              ),
            )
            .orderBy(desc(logAlertFirings.firedAt))
            .limit(1);
          if (last && at.getTime() - last.firedAt.getTime() < rule.realertMinutes * 60_000) {
            await record('suppressed', 'realert', null);
            result.suppressed++;
            continue;
          }
        }
        const alert = await createAlertRecord(tx, principal, ruleAlert(saved, rule, customerId, n));
        const muted = alert.status === 'muted';
        await record(muted ? 'suppressed' : 'fired', muted ? 'muted' : null, alert.id);
        if (muted) result.suppressed++;
        else {
          result.fired++;
          // In the firing's transaction: the alert and its workflows' runs come together or not at all.
          await queueWorkflowEvents(tx, [
            {
              trigger: 'saved_search_alert',
              customerId,
              key: `${rule.id}:${customerId}:${at.toISOString()}`,
              alertId: alert.id,
              data: {
                saved_search: { id: saved.id, name: saved.name },
                rule: {
                  id: rule.id,
                  count: n,
                  threshold: rule.threshold,
                  period_seconds: rule.periodSeconds,
                },
              },
            },
          ]);
        }
      }
    });
  }
  await db.update(logAlertRules).set({ lastRunAt: at }).where(eq(logAlertRules.id, rule.id));
  return result;
}

/** The `log-alerting` job, every minute: every enabled rule once. */
export async function runLogAlerting(
  db: Db,
  at = new Date(),
): Promise<RunResult & { rules: number; failed: string[] }> {
  const rules = await db.select().from(logAlertRules).where(eq(logAlertRules.enabled, true));
  const total = { fired: 0, suppressed: 0, rules: rules.length, failed: [] as string[] };
  for (const rule of rules) {
    // One broken rule (a saved search that no longer parses) must not stop the others.
    try {
      const one = await runAlertRule(db, rule, at);
      total.fired += one.fired;
      total.suppressed += one.suppressed;
    } catch (error) {
      total.failed.push(`${rule.id}: ${(error as Error).message}`);
    }
  }
  return total;
}
