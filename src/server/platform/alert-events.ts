import { type SQL, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

/**
 * Alert events handed from the alert path (areas/alerts, producer) to the workflow engine
 * (areas/workflows, consumer): neither area imports the other for it.
 */
export const DISPATCH_JOB = 'workflow-dispatch';

/**
 * An alert event as the alert path hands it over: a new alert, changed fields, or someone asking
 * for the alert's workflows to run again (`alert_rerun`).
 */
export interface AlertEvent {
  alertId: number;
  event: 'alert_created' | 'alert_updated' | 'alert_rerun';
  /** The fields that changed (updates). */
  fields?: string[];
}

/**
 * Called by the alert path in the transaction of the change: one dispatch job for the lot, which
 * matches published workflows on the system connection (request work may add this job kind and
 * read nothing of the queue). The chain depth and the workflow that caused the change, set by a
 * run's step in its transaction (`app.workflow_depth`, `app.workflow_id`), travel with it, so the
 * dispatcher can stop a workflow from triggering itself.
 */
export async function queueAlertWorkflowEvents(tx: Db, events: readonly AlertEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payload = events.map((e) => ({ alert_id: e.alertId, event: e.event, fields: e.fields ?? [] }));
  await tx.execute(sql`insert into ${jobs} (kind, payload, run_at)
    values (${DISPATCH_JOB}, jsonb_build_object(
      'events', ${JSON.stringify(payload)}::jsonb,
      'depth', coalesce(nullif(current_setting('app.workflow_depth', true), '')::int, 0),
      'source_workflow_id', nullif(current_setting('app.workflow_id', true), '')),
      ${new Date()})`);
}

/**
 * Marks the transaction as a run's step, so alert changes it makes carry the chain to the
 * dispatcher: an expression to select within a statement the step sends anyway.
 */
export function workflowStepMarks(workflowId: string, depth: number): SQL<string> {
  return sql<string>`set_config('app.workflow_id', ${workflowId}, true) || set_config('app.workflow_depth', ${String(depth + 1)}, true)`;
}
