import { and, eq, sql } from 'drizzle-orm';
import { customers, workflowVersions } from '../../../db/schema/index.ts';
import type { JobContext, JobKind } from '../../../jobs/types.ts';
import { publishedWorkflows } from './published.ts';
import { startRun } from './runs.ts';

export const SCHEDULE_JOB = 'workflow-schedules';

/** Day of the week as the spec counts it: 0 Monday to 6 Sunday. */
export const weekdayOf = (at: Date) => (at.getUTCDay() + 6) % 7;
const hhmm = (at: Date) => at.toISOString().slice(11, 16);

/**
 * Every minute: each published scheduled workflow due at this minute (UTC, its days and time)
 * starts one run per customer it is for (every active customer of its provider when it names
 * none). Keyed on the workflow, customer and minute, so a repeated tick starts nothing twice.
 */
export async function runScheduledWorkflows({ db, now }: JobContext): Promise<void> {
  const at = now();
  const minute = `${at.toISOString().slice(0, 16)}Z`;
  const due = await publishedWorkflows(
    db,
    sql`${workflowVersions.definition}->>'trigger_id' = 'scheduled'`,
    sql`${workflowVersions.definition}->>'scheduled_time' = ${hhmm(at)}`,
    sql`${workflowVersions.definition}->'scheduled_days' @> ${JSON.stringify([weekdayOf(at)])}::jsonb`,
  );
  for (const workflow of due) {
    const targets = await db
      .select({ id: customers.customerId, name: customers.name })
      .from(customers)
      .where(
        workflow.customerIds.length > 0
          ? sql`${customers.customerId} = any (${`{${workflow.customerIds.join(',')}}`}::uuid[])`
          : and(eq(customers.partnerId, workflow.partnerId), eq(customers.hasSubscription, true)),
      );
    for (const customer of targets)
      await db.transaction((tx) =>
        startRun(
          tx,
          {
            partnerId: workflow.partnerId,
            workflowId: workflow.workflowId,
            version: workflow.version,
            definition: workflow.definition,
            customerId: customer.id,
            alertId: null,
            triggerData: { scheduled_at: minute, customer },
            depth: 0,
            dispatchKey: `schedule:${workflow.workflowId}:${customer.id}:${minute}`,
          },
          at,
        ),
      );
  }
}

export const SCHEDULE_JOB_KIND: JobKind = { run: runScheduledWorkflows, lane: 'workflows' };
