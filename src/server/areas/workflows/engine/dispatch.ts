import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import { alerts, customers, workflowRuns, workflows, workflowVersions } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { JobContext, JobKind } from '../../../jobs/types.ts';
import { publishedWorkflows } from './published.ts';
import { startRun } from './runs.ts';
import { alertTriggerData, passesFilter } from './trigger-data.ts';

/** Runs one workflow may start a minute; more are dropped (and logged) until the minute passes. */
export const RUNS_PER_MINUTE = 120;
/** A change made by a run's step may trigger further workflows this many times in a chain, no more. */
export const MAX_CHAIN_DEPTH = 3;

interface DispatchEvent {
  alert_id: number;
  event: 'alert_created' | 'alert_updated' | 'alert_rerun';
  fields?: string[];
}

interface Candidate {
  workflowId: string;
  version: number;
  definition: WorkflowDefinition;
  customerIds: string[];
}

/** Published, unpaused workflows of a provider on alert triggers, as their published version says. */
function publishedAlertWorkflows(db: Db, partnerId: string): Promise<Candidate[]> {
  return publishedWorkflows(
    db,
    eq(workflows.partnerId, partnerId),
    sql`${workflowVersions.definition}->>'trigger_id' in ('alert_created', 'alert_updated')`,
  );
}

/** Workflows that already ran on an alert: what "re-run workflows" runs again. */
async function workflowsThatRan(db: Db, alertId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: workflowRuns.workflowId })
    .from(workflowRuns)
    .where(eq(workflowRuns.alertId, alertId));
  return new Set(rows.map((row) => row.id));
}

async function startedThisMinute(db: Db, workflowId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.workflowId, workflowId),
        gte(workflowRuns.createdAt, new Date(now.getTime() - 60_000)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The `workflow-dispatch` job: the alert events one alert change queued. Each published workflow
 * whose trigger, customers and filter match starts a run of its published version, keyed on this
 * job, the workflow and the alert, so a re-delivered dispatch starts nothing twice. A change made
 * by a workflow's own step never triggers that workflow again, and chains stop at MAX_CHAIN_DEPTH.
 */
export async function dispatchAlertEvents({ db, job, now, log }: JobContext): Promise<void> {
  const events = (job.payload.events ?? []) as DispatchEvent[];
  const depth = Number(job.payload.depth ?? 0);
  const source = typeof job.payload.source_workflow_id === 'string' ? job.payload.source_workflow_id : null;
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => e.alert_id))];
  const rows = await db
    .select({ alert: alerts, customerName: customers.name, partnerId: customers.partnerId })
    .from(alerts)
    .innerJoin(customers, eq(customers.customerId, alerts.customerId))
    .where(inArray(alerts.id, ids));
  const byId = new Map(rows.map((row) => [row.alert.id, row]));
  const candidates = new Map<string, Candidate[]>();
  for (const event of events) {
    const found = byId.get(event.alert_id);
    if (!found) continue;
    const { alert, partnerId } = found;
    if (!candidates.has(partnerId)) candidates.set(partnerId, await publishedAlertWorkflows(db, partnerId));
    const ran = event.event === 'alert_rerun' ? await workflowsThatRan(db, alert.id) : null;
    for (const workflow of candidates.get(partnerId)!) {
      const trigger = workflow.definition.trigger_id;
      const wanted = ran
        ? ran.has(workflow.workflowId) || trigger === 'alert_created'
        : trigger === event.event;
      if (!wanted) continue;
      if (workflow.customerIds.length > 0 && !workflow.customerIds.includes(alert.customerId)) continue;
      if (!passesFilter(workflow.definition.trigger_filter, alert)) continue;
      if (workflow.workflowId === source || depth >= MAX_CHAIN_DEPTH) {
        log.warn(
          `workflow ${workflow.workflowId} not started on alert ${alert.id}: ${workflow.workflowId === source ? 'its own step changed the alert' : `chain of ${depth} workflows`} (loop guard)`,
        );
        continue;
      }
      if ((await startedThisMinute(db, workflow.workflowId, now())) >= RUNS_PER_MINUTE) {
        log.warn(
          `workflow ${workflow.workflowId} not started on alert ${alert.id}: over ${RUNS_PER_MINUTE} runs a minute`,
        );
        continue;
      }
      await db.transaction((tx) =>
        startRun(
          tx,
          {
            partnerId,
            workflowId: workflow.workflowId,
            version: workflow.version,
            definition: workflow.definition,
            customerId: alert.customerId,
            alertId: alert.id,
            triggerData: alertTriggerData(
              alert,
              { id: alert.customerId, name: found.customerName },
              event.fields ? { changed_fields: event.fields } : {},
            ),
            depth,
            dispatchKey: `${job.id}:${workflow.workflowId}:${alert.id}:${event.event}`,
          },
          now(),
        ),
      );
    }
  }
}

export const DISPATCH_JOB_KIND: JobKind = {
  run: dispatchAlertEvents,
  lane: 'workflows',
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(1_000 * 2 ** (attempt - 1), 60_000),
};
