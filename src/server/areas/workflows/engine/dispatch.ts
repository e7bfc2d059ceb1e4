import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { alerts, customers, workflowRuns, workflows, workflowVersions } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { JobContext, JobKind, JobLogger } from '../../../jobs/types.ts';
import { isAlertTrigger } from '../catalogue/triggers.ts';
import { type PublishedWorkflow, publishedWorkflows } from './published.ts';
import { startRun } from './runs.ts';
import { alertTriggerData, passesFilter } from './trigger-data.ts';

/** Runs one workflow may start a minute; more are dropped (and logged) until the minute passes. */
export const RUNS_PER_MINUTE = 120;
/** A change made by a run's step may trigger further workflows this many times in a chain, no more. */
export const MAX_CHAIN_DEPTH = 3;

/** An alert event (alert path) or another event (platform/workflow-events.ts), as queued. */
interface DispatchEvent {
  event: string;
  alert_id?: number | null;
  fields?: string[];
  customer_id?: string;
  key?: string;
  data?: Record<string, unknown>;
}

type AlertRow = typeof alerts.$inferSelect;

/** The published workflows of a provider, loaded once per dispatch job. */
class Candidates {
  private byPartner = new Map<string, Promise<PublishedWorkflow[]>>();
  constructor(private readonly db: Db) {}
  of(partnerId: string): Promise<PublishedWorkflow[]> {
    let found = this.byPartner.get(partnerId);
    if (!found) {
      found = publishedWorkflows(
        this.db,
        eq(workflows.partnerId, partnerId),
        sql`${workflowVersions.definition}->>'trigger_id' <> 'scheduled'`,
      );
      this.byPartner.set(partnerId, found);
    }
    return found;
  }
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

interface Chain {
  depth: number;
  source: string | null;
}

/**
 * The guards every start passes: a workflow whose own step caused the event never runs on it,
 * chains stop at MAX_CHAIN_DEPTH, and no workflow starts more than RUNS_PER_MINUTE runs a minute.
 */
async function mayStart(
  db: Db,
  workflow: PublishedWorkflow,
  chain: Chain,
  what: string,
  now: Date,
  log: JobLogger,
): Promise<boolean> {
  if (workflow.workflowId === chain.source || chain.depth >= MAX_CHAIN_DEPTH) {
    log.warn(
      `workflow ${workflow.workflowId} not started on ${what}: ${workflow.workflowId === chain.source ? 'its own step caused it' : `chain of ${chain.depth} workflows`} (loop guard)`,
    );
    return false;
  }
  if ((await startedThisMinute(db, workflow.workflowId, now)) >= RUNS_PER_MINUTE) {
    log.warn(`workflow ${workflow.workflowId} not started on ${what}: over ${RUNS_PER_MINUTE} runs a minute`);
    return false;
  }
  return true;
}

const forCustomer = (workflow: PublishedWorkflow, customerId: string) =>
  workflow.customerIds.length === 0 || workflow.customerIds.includes(customerId);

/**
 * The `workflow-dispatch` job, the one place triggers start runs: the events one change queued.
 * Each published workflow whose trigger, customers and filter match starts a run of its published
 * version. Alert events are keyed on this job, the workflow and the alert; other events on their
 * own key and the workflow, so a re-delivered dispatch (or an event queued twice) starts nothing
 * twice. The run acts later with its publisher's reach as it is then (step.ts).
 */
export async function dispatchEvents({ db, job, now, log }: JobContext): Promise<void> {
  const events = (job.payload.events ?? []) as DispatchEvent[];
  const chain: Chain = {
    depth: Number(job.payload.depth ?? 0),
    source: typeof job.payload.source_workflow_id === 'string' ? job.payload.source_workflow_id : null,
  };
  if (events.length === 0) return;
  const alertIds = [...new Set(events.flatMap((e) => (typeof e.alert_id === 'number' ? [e.alert_id] : [])))];
  const customerIds = [...new Set(events.flatMap((e) => (e.customer_id ? [e.customer_id] : [])))];
  const alertRows = alertIds.length
    ? await db
        .select({ alert: alerts, customerName: customers.name, partnerId: customers.partnerId })
        .from(alerts)
        .innerJoin(customers, eq(customers.customerId, alerts.customerId))
        .where(inArray(alerts.id, alertIds))
    : [];
  const customerRows = customerIds.length
    ? await db
        .select({ id: customers.customerId, name: customers.name, partnerId: customers.partnerId })
        .from(customers)
        .where(inArray(customers.customerId, customerIds))
    : [];
  const alertsById = new Map(alertRows.map((row) => [row.alert.id, row]));
  const customersById = new Map(customerRows.map((row) => [row.id, row]));
  const candidates = new Candidates(db);
  for (const event of events) {
    if (isAlertTrigger(event.event) || event.event === 'alert_rerun') {
      const found = alertsById.get(Number(event.alert_id));
      if (found) await dispatchAlertEvent(db, job.id, event, found, candidates, chain, now, log);
      continue;
    }
    const customer = customersById.get(String(event.customer_id));
    if (!customer || !event.key) continue;
    const alert = typeof event.alert_id === 'number' ? alertsById.get(event.alert_id)?.alert : undefined;
    for (const workflow of await candidates.of(customer.partnerId)) {
      if (workflow.definition.trigger_id !== event.event || !forCustomer(workflow, customer.id)) continue;
      if (!(await mayStart(db, workflow, chain, `${event.event} ${event.key}`, now(), log))) continue;
      const triggerData = {
        ...(alert ? alertTriggerData(alert, { id: customer.id, name: customer.name }) : {}),
        ...event.data,
        customer: { id: customer.id, name: customer.name },
      };
      await db.transaction((tx) =>
        startRun(
          tx,
          {
            partnerId: customer.partnerId,
            workflowId: workflow.workflowId,
            version: workflow.version,
            definition: workflow.definition,
            customerId: customer.id,
            alertId: alert?.id ?? null,
            triggerData,
            depth: chain.depth,
            dispatchKey: `${event.event}:${event.key}:${workflow.workflowId}`,
          },
          now(),
        ),
      );
    }
  }
}

async function dispatchAlertEvent(
  db: Db,
  jobId: JobContext['job']['id'],
  event: DispatchEvent,
  found: { alert: AlertRow; customerName: string; partnerId: string },
  candidates: Candidates,
  chain: Chain,
  now: () => Date,
  log: JobLogger,
) {
  const { alert, partnerId } = found;
  const ran = event.event === 'alert_rerun' ? await workflowsThatRan(db, alert.id) : null;
  for (const workflow of await candidates.of(partnerId)) {
    const trigger = workflow.definition.trigger_id;
    if (!isAlertTrigger(trigger)) continue;
    const wanted = ran
      ? ran.has(workflow.workflowId) || trigger === 'alert_created'
      : trigger === event.event;
    if (!wanted || !forCustomer(workflow, alert.customerId)) continue;
    if (!passesFilter(workflow.definition.trigger_filter, alert)) continue;
    if (!(await mayStart(db, workflow, chain, `alert ${alert.id}`, now(), log))) continue;
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
          depth: chain.depth,
          dispatchKey: `${jobId}:${workflow.workflowId}:${alert.id}:${event.event}`,
        },
        now(),
      ),
    );
  }
}

export const DISPATCH_JOB_KIND: JobKind = {
  run: dispatchEvents,
  lane: 'workflows',
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(1_000 * 2 ** (attempt - 1), 60_000),
};
