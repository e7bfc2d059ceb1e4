import { sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { DISPATCH_JOB } from './alert-events.ts';

/**
 * Events other than an alert's own (a saved-search alert fired, a breach found, a lookalike
 * changed, an agent gone offline, ...), handed from the area where they happen to the workflow
 * engine through the same dispatch job as alert events: neither area imports the other for it.
 */
export interface WorkflowEvent {
  /** The trigger it fires (a trigger id of GET /soar/v1/triggers). */
  trigger: string;
  customerId: string;
  /**
   * What this occurrence is, unique per trigger (e.g. the lookalike and when its state changed):
   * each workflow starts one run per key, so an event queued twice runs nothing twice.
   */
  key: string;
  /** What tasks read as `{{trigger.<path>}}`, besides `customer` (which the dispatcher adds). */
  data: Record<string, unknown>;
  /** The alert the event raised, when it raised one: alert actions then act on it. */
  alertId?: number | null;
}

/**
 * Queues the events in the caller's transaction (request work may add this job kind and read
 * nothing of the queue): committed with the change that caused them, or not at all. The chain
 * depth and the workflow whose step made the change travel with them, as for alert events.
 */
export async function queueWorkflowEvents(tx: Db, events: readonly WorkflowEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payload = events.map((e) => ({
    event: e.trigger,
    customer_id: e.customerId,
    key: e.key,
    data: e.data,
    alert_id: e.alertId ?? null,
  }));
  await tx.execute(sql`insert into ${jobs} (kind, payload, run_at)
    values (${DISPATCH_JOB}, jsonb_build_object(
      'events', ${JSON.stringify(payload)}::jsonb,
      'depth', coalesce(nullif(current_setting('app.workflow_depth', true), '')::int, 0),
      'source_workflow_id', nullif(current_setting('app.workflow_id', true), '')),
      ${new Date()})`);
}
