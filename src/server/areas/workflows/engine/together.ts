import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { deferInserts, deferredInserts } from '../../../db/deferred-inserts.ts';
import type { WorkflowTask } from '../../../db/schema/index.ts';
import { workflowSteps } from '../../../db/schema/index.ts';
import { resultRows, scopeSettings } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { workflowStepMarks } from '../../../platform/alert-events.ts';
import type { HeldAlerts } from '../../alerts/index.ts';
import { resolveParameters } from '../expressions.ts';
import { perform } from './act.ts';
import { nextIndex } from './branches.ts';
import { STEP_JOB } from './runs.ts';
import {
  DEFAULT_TIMEOUT_SECONDS,
  DONE_STEP,
  type Marked,
  markRunning,
  type Next,
  ownerForStep,
  type RunInHand,
  withinTimeout,
} from './step-marks.ts';

/**
 * Actions whose every effect is a write to our own database, in the step's transaction: several
 * of them in a row are done in one job and one transaction (`runTogether`). The rest (waits,
 * agent actions, mail, outbound HTTP, integrations, escalations, saved searches) keep a job and
 * a transaction a step, and their send marks.
 */
export const IN_DATABASE_ACTIONS: readonly string[] = [
  'condition',
  'alert_comment',
  'alert_status',
  'alert_priority',
  'alert_assign',
  'case_create',
  'case_add',
  'threat_lookup',
  'vulnerabilities_found',
];

export const inDatabase = (task: WorkflowTask | undefined) =>
  task !== undefined && IN_DATABASE_ACTIONS.includes(task.action_id);

/** A step done in the transaction, or skipped by a branch, as its row is written at the end. */
interface StepWrite {
  index: number;
  status: 'succeeded' | 'skipped';
  input: unknown;
  output: unknown;
  effectKey: string | null;
  startedAt: Date | null;
  finishedAt: Date;
  /** An attempt to count here (the first step's was counted as it was marked running). */
  counted: boolean;
}

/** How the transaction leaves the run: ended, its next step queued as a job, or going on in this job. */
type Leaves = { end: true } | { queue: number; at: Date } | { go: number };

/** What `runTogether` hands back: what comes next, or the step to do alone (a step a transaction). */
export type Together = Next | { alone: Marked | undefined };

/**
 * Consecutive in-database steps of one run, from `index` on, done in one transaction: each step's
 * rows are locked at its start, each step acts in turn (its own input, output, time and attempt
 * recorded), and one statement at the end writes every step's row, ends the run or queues the
 * next step's job. A crash anywhere rolls all of them back, so none is done twice when the job is
 * taken up again. A step that fails rolls back the whole transaction: the job then does the steps
 * a transaction each (`alone`), where a failure is recorded and retried as always.
 */
export async function runTogether(
  db: Db,
  hand: RunInHand,
  index: number,
  now: () => Date,
  markedBefore: Marked | undefined,
): Promise<Together> {
  const { run, tasks } = hand;
  const marked = markedBefore ?? (await markRunning(db, run, index, now()));
  if (!marked || run.status !== 'running') return { alone: marked };
  const principal = await ownerForStep(db, run, index, marked, now());
  if (!principal) return 'stop';
  const outputs = { ...hand.outputs };
  let leaves: Leaves | 'lost';
  try {
    leaves = await db.transaction(async (tx) => {
      // Audit and activity rows go with the last statement (writeSteps), not one insert each.
      deferInserts(tx);
      // One statement: the locks of this step and every one after it, then the owner's scope and
      // the loop guard's marks for the statements after it.
      const rows = await tx
        .select({
          index: workflowSteps.stepIndex,
          status: workflowSteps.status,
          scoped: scopeSettings(principal.scope),
          marks: workflowStepMarks(run.workflowId, run.depth),
        })
        .from(workflowSteps)
        .where(and(eq(workflowSteps.runId, run.id), gte(workflowSteps.stepIndex, index)))
        .orderBy(asc(workflowSteps.stepIndex))
        .for('update');
      const statusOf = new Map(rows.map((row) => [row.index, row.status]));
      if (statusOf.get(index) !== 'running') return 'lost' as const;
      const records: StepWrite[] = [];
      // The run's alert as its steps left it, locked by the first that changed it.
      const alertsHeld: HeldAlerts = new Map();
      let at = index;
      let result: Leaves;
      for (;;) {
        const task = tasks[at]!;
        const startedAt = now();
        const input = resolveParameters(task.parameters, { trigger: run.triggerData, steps: outputs });
        const key = `${run.id}:${at}`;
        const done = await withinTimeout(task.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS, (signal) =>
          perform(task.action_id, {
            tx,
            principal: principal,
            run,
            input,
            idempotencyKey: key,
            signal,
            now: startedAt,
            alertsHeld,
          }),
        );
        const output = done.output ?? null;
        outputs[task.id] = output;
        records.push({
          index: at,
          status: 'succeeded',
          input,
          output,
          effectKey: key,
          startedAt,
          finishedAt: now(),
          counted: at !== index,
        });
        const next = nextIndex(tasks, at, done);
        if (next === null) {
          result = { end: true };
          break;
        }
        for (let skipped = at + 1; skipped < next; skipped++) {
          outputs[tasks[skipped]!.id] ??= null;
          if (statusOf.get(skipped) === 'pending')
            records.push({
              index: skipped,
              status: 'skipped',
              input: null,
              output: null,
              effectKey: null,
              startedAt: null,
              finishedAt: now(),
              counted: false,
            });
        }
        if ((done.delayMs ?? 0) > 0) {
          result = { queue: next, at: new Date(now().getTime() + (done.delayMs ?? 0)) };
          break;
        }
        const pending = !DONE_STEP.includes(statusOf.get(next) ?? 'succeeded');
        if (inDatabase(tasks[next]) && pending) {
          at = next;
          continue;
        }
        // A step with an outside effect gets a job of its own, queued as these commit; one done
        // before (a job delivered again) is walked past here.
        result = pending ? { queue: next, at: now() } : { go: next };
        break;
      }
      await writeSteps(tx, hand, records, result, now());
      return result;
    });
  } catch {
    // Rolled back, nothing of it done: the steps again a transaction each, where the failure is
    // recorded, retried or final, as for any step.
    hand.oneByOne = true;
    return { alone: marked };
  }
  if (leaves === 'lost') return { alone: marked };
  Object.assign(hand.outputs, outputs);
  return 'go' in leaves ? { go: leaves.go } : 'stop';
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const time = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The one statement that ends the transaction: every step's row (under the lock taken at its
 * start), and the run's end with its left-over steps skipped, or the next step's job (a plain
 * insert, as the owner's role may add a step job but not read the queue: none is pending for it,
 * as only this step's success queues it). Throws when a row was not written, rolling all back.
 */
async function writeSteps(tx: Db, hand: RunInHand, records: readonly StepWrite[], leaves: Leaves, now: Date) {
  const { run } = hand;
  const values = sql.join(
    records.map(
      (r) =>
        sql`(${r.index}::int, ${r.status}::text, ${json(r.input)}::jsonb, ${json(r.output)}::jsonb, ${r.effectKey}::text, ${time(r.startedAt)}::timestamptz, ${time(r.finishedAt)}::timestamptz, ${r.counted ? 1 : 0}::int)`,
    ),
    sql`, `,
  );
  const ending =
    'end' in leaves
      ? sql`, ended as (
          update workflow_runs set status = 'succeeded', error = null, finished_at = ${time(now)}::timestamptz
          where id = ${run.id} and status in ('queued', 'running') returning id),
        left_over as (
          update workflow_steps set status = 'skipped', finished_at = coalesce(finished_at, ${time(now)}::timestamptz)
          where run_id in (select id from ended) and status in ('pending', 'running')
            and step_index not in (select step_index from done))`
      : 'queue' in leaves
        ? sql`, queued as (
            insert into jobs (kind, payload, singleton_key, run_at, partner_id)
            values (${STEP_JOB}, ${JSON.stringify({ run_id: run.id, step: leaves.queue })}::jsonb,
              ${`${run.id}:${leaves.queue}`}, ${time(leaves.at)}::timestamptz, ${run.partnerId}))`
        : sql``;
  const result = await tx.execute(sql`
    with done (step_index, status, input, output, effect_key, started_at, finished_at, counted) as (values ${values}),
    stepped as (
      update workflow_steps s set status = d.status, input = d.input, output = d.output,
        effect_key = d.effect_key, error = null, finished_at = d.finished_at,
        started_at = case when d.counted = 1 then d.started_at else s.started_at end,
        attempts = s.attempts + d.counted
      from done d
      where s.run_id = ${run.id} and s.step_index = d.step_index
      returning s.step_index)${ending}${deferredInserts(tx)}
    select count(*)::int as written from stepped`);
  const written = Number((resultRows<{ written: number }>(result)[0] ?? { written: 0 }).written);
  if (written !== records.length) throw new Error(`only ${written} of ${records.length} steps were written`);
}
