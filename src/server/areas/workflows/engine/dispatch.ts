import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { alerts, customers, workflowRuns } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { JobContext, JobKind, JobLogger } from '../../../jobs/types.ts';
import { isAlertTrigger } from '../catalogue/triggers.ts';
import { eventWorkflows, type PublishedWorkflow, triggerEpoch } from './published.ts';
import { type NewRun, startRun } from './runs.ts';
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

/** The published workflows of a provider, as kept at the trigger epoch the job read (published.ts). */
class Candidates {
  constructor(
    private readonly db: Db,
    private readonly epoch: number,
  ) {}
  of(partnerId: string): Promise<PublishedWorkflow[]> {
    return eventWorkflows(this.db, partnerId, this.epoch);
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

/** Runs each workflow started in the last minute, in one statement: what RUNS_PER_MINUTE counts. */
async function startedThisMinute(
  db: Db,
  workflowIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (workflowIds.length === 0) return new Map();
  const rows = await db
    .select({ id: workflowRuns.workflowId, n: count() })
    .from(workflowRuns)
    .where(
      and(
        inArray(workflowRuns.workflowId, [...workflowIds]),
        gte(workflowRuns.createdAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .groupBy(workflowRuns.workflowId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

interface Chain {
  depth: number;
  source: string | null;
}

/** A run an event would start, before the guards. */
interface Start {
  workflow: PublishedWorkflow;
  what: string;
  run: NewRun;
}

/**
 * The runs the job's events start, in one transaction, past the guards every start passes: a
 * workflow whose own step caused the event never runs on it, chains stop at MAX_CHAIN_DEPTH, and
 * no workflow starts more than RUNS_PER_MINUTE runs a minute (counted once for the job, then as
 * it starts them).
 */
async function startAll(db: Db, starts: readonly Start[], chain: Chain, now: () => Date, log: JobLogger) {
  const guarded = starts.filter(({ workflow, what }) => {
    if (workflow.workflowId !== chain.source && chain.depth < MAX_CHAIN_DEPTH) return true;
    log.warn(
      `workflow ${workflow.workflowId} not started on ${what}: ${workflow.workflowId === chain.source ? 'its own step caused it' : `chain of ${chain.depth} workflows`} (loop guard)`,
    );
    return false;
  });
  if (guarded.length === 0) return;
  await db.transaction(async (tx) => {
    const started = await startedThisMinute(
      tx,
      [...new Set(guarded.map((s) => s.workflow.workflowId))],
      now(),
    );
    for (const { workflow, what, run } of guarded) {
      const n = started.get(workflow.workflowId) ?? 0;
      if (n >= RUNS_PER_MINUTE) {
        log.warn(
          `workflow ${workflow.workflowId} not started on ${what}: over ${RUNS_PER_MINUTE} runs a minute`,
        );
        continue;
      }
      if (await startRun(tx, run, now())) started.set(workflow.workflowId, n + 1);
    }
  });
}

const forCustomer = (workflow: PublishedWorkflow, customerId: string) =>
  workflow.customerIds.length === 0 || workflow.customerIds.includes(customerId);

/**
 * The `workflow-dispatch` job, the one place triggers start runs: the events one change queued.
 * Each published workflow whose trigger, customers and filter match starts a run of its published
 * version. Alert events are keyed on this job, the workflow and the alert; other events on their
 * own key and the workflow, so a re-delivered dispatch (or an event queued twice) starts nothing
 * twice. The job's runs start in one transaction (startAll). The run acts later with its
 * publisher's reach as it is then (step.ts).
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
        .select({
          alert: alerts,
          customerName: customers.name,
          partnerId: customers.partnerId,
          epoch: triggerEpoch(),
        })
        .from(alerts)
        .innerJoin(customers, eq(customers.customerId, alerts.customerId))
        .where(inArray(alerts.id, alertIds))
    : [];
  const customerRows = customerIds.length
    ? await db
        .select({
          id: customers.customerId,
          name: customers.name,
          partnerId: customers.partnerId,
          epoch: triggerEpoch(),
        })
        .from(customers)
        .where(inArray(customers.customerId, customerIds))
    : [];
  const alertsById = new Map(alertRows.map((row) => [row.alert.id, row]));
  const customersById = new Map(customerRows.map((row) => [row.id, row]));
  // Read with the events' rows, after their change committed: the later of the two readings.
  const epoch = Math.max(0, ...alertRows.map((row) => row.epoch), ...customerRows.map((row) => row.epoch));
  const candidates = new Candidates(db, epoch);
  const starts: Start[] = [];
  for (const event of events) {
    if (isAlertTrigger(event.event) || event.event === 'alert_rerun') {
      const found = alertsById.get(Number(event.alert_id));
      if (found) starts.push(...(await alertEventStarts(db, job.id, event, found, candidates, chain)));
      continue;
    }
    const customer = customersById.get(String(event.customer_id));
    if (!customer || !event.key) continue;
    const alert = typeof event.alert_id === 'number' ? alertsById.get(event.alert_id)?.alert : undefined;
    for (const workflow of await candidates.of(customer.partnerId)) {
      if (workflow.definition.trigger_id !== event.event || !forCustomer(workflow, customer.id)) continue;
      const triggerData = {
        ...(alert ? alertTriggerData(alert, { id: customer.id, name: customer.name }) : {}),
        ...event.data,
        customer: { id: customer.id, name: customer.name },
      };
      starts.push({
        workflow,
        what: `${event.event} ${event.key}`,
        run: {
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
      });
    }
  }
  await startAll(db, starts, chain, now, log);
}

/** The runs an alert event would start: its provider's workflows whose trigger, customers and filter match. */
async function alertEventStarts(
  db: Db,
  jobId: JobContext['job']['id'],
  event: DispatchEvent,
  found: { alert: AlertRow; customerName: string; partnerId: string },
  candidates: Candidates,
  chain: Chain,
): Promise<Start[]> {
  const { alert, partnerId } = found;
  const starts: Start[] = [];
  const ran = event.event === 'alert_rerun' ? await workflowsThatRan(db, alert.id) : null;
  for (const workflow of await candidates.of(partnerId)) {
    const trigger = workflow.definition.trigger_id;
    if (!isAlertTrigger(trigger)) continue;
    const wanted = ran
      ? ran.has(workflow.workflowId) || trigger === 'alert_created'
      : trigger === event.event;
    if (!wanted || !forCustomer(workflow, alert.customerId)) continue;
    if (!passesFilter(workflow.definition.trigger_filter, alert)) continue;
    starts.push({
      workflow,
      what: `alert ${alert.id}`,
      run: {
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
    });
  }
  return starts;
}

export const DISPATCH_JOB_KIND: JobKind = {
  run: dispatchEvents,
  lane: 'workflows',
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(1_000 * 2 ** (attempt - 1), 60_000),
};
