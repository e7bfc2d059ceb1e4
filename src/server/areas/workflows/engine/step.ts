import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { hasAny, isGlobalUser } from '../../../../common/permissions.ts';
import type { Principal } from '../../../auth/principal.ts';
import { REACH_GONE_MESSAGES, reachNow } from '../../../auth/reach-now.ts';
import type { WorkflowTask } from '../../../db/schema/index.ts';
import { workflowRuns, workflowSteps, workflows, workflowVersions } from '../../../db/schema/index.ts';
import { withScope } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import type { JobContext, JobKind } from '../../../jobs/types.ts';
import { markWorkflowStep } from '../../../platform/alert-events.ts';
import { resolveParameters } from '../expressions.ts';
import type { RunRow } from '../present.ts';
import { orderedTasks } from '../validate.ts';
import { perform, type StepOutcome, StepRefused } from './act.ts';
import { OUTSIDE_ACTIONS } from './act-outside.ts';
import { nextIndex } from './branches.ts';
import { enqueueStep, FINISHED_RUN, finishRun } from './runs.ts';
import { claimSend, releaseSend } from './sending.ts';

const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_RETRIES = 3;
/** The most retries a task may ask for, plus its first attempt: the job's own limit. */
const MOST_ATTEMPTS = 11;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The owner of the workflow as a caller, as they are now: work done later acts with the reach
 * of the person who published it, never with what they could do when they did. Null with the
 * reason when they can no longer act for this run's customer.
 */
async function ownerNow(db: Db, run: RunRow): Promise<{ principal: Principal } | { gone: string }> {
  const [workflow] = await db
    .select({ ownerId: workflows.ownerId, apiKeyId: workflows.apiKeyId })
    .from(workflows)
    .where(eq(workflows.id, run.workflowId));
  if (!workflow) return { gone: 'The workflow was deleted.' };
  const reach = await reachNow(db, {
    userId: workflow.ownerId,
    apiKeyId: workflow.apiKeyId,
    partnerId: run.partnerId,
  });
  if (!reach.active) return { gone: REACH_GONE_MESSAGES[reach.reason] };
  const { principal } = reach;
  if (!principal.scope.customerIds.includes(run.customerId))
    return { gone: REACH_GONE_MESSAGES.no_customers };
  if (
    !isGlobalUser(principal.permissions) ||
    !hasAny(principal.permissions, ['modify_all', 'modify_workflow'])
  )
    return { gone: 'The person who published this workflow may no longer change workflows.' };
  return { principal };
}

/** Runs `work` with an abort signal, failing when it takes longer than the step's timeout. */
async function withinTimeout<T>(seconds: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`timed out after ${seconds} s`));
    }, seconds * 1000);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The `workflow-step` job: one step of one run. The step's effect and its `succeeded` mark are one
 * transaction, taken under a lock on the step's row: a step re-delivered after its worker died,
 * or claimed again while a slow attempt still runs, finds it done and acts no second time. Then
 * the next step's job is queued (singleton per run and step), so a crash between the two only
 * repeats the queueing.
 */
export async function runStep({ db, job, now }: JobContext): Promise<void> {
  const runId = String(job.payload.run_id);
  const index = Number(job.payload.step);
  const [run] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
  if (!run || FINISHED_RUN.includes(run.status)) return;
  const [version] = await db
    .select({ definition: workflowVersions.definition })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, run.workflowId), eq(workflowVersions.version, run.version)));
  const tasks = version ? orderedTasks(version.definition) : [];
  const task = tasks[index];
  const [step] = await db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
  if (!task || !step) {
    await finishRun(db, runId, 'succeeded', null, now());
    return;
  }
  if (step.status === 'succeeded' || step.status === 'skipped') {
    await advance(db, run, tasks, index, { output: step.output }, now());
    return;
  }
  if (step.status === 'cancelled') return;

  const startedAt = now();
  await db
    .update(workflowRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${workflowRuns.startedAt}, ${startedAt})` })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'queued')));
  const attempt = step.attempts + 1;
  await db
    .update(workflowSteps)
    .set({ status: 'running', attempts: attempt, startedAt, error: null })
    .where(
      and(
        eq(workflowSteps.runId, runId),
        eq(workflowSteps.stepIndex, index),
        lt(workflowSteps.attempts, attempt),
      ),
    );

  const owner = await ownerNow(db, run);
  if ('gone' in owner) {
    await failStep(db, run, index, owner.gone, now());
    return;
  }
  const earlier = await db
    .select({
      taskId: workflowSteps.taskId,
      output: workflowSteps.output,
      stepIndex: workflowSteps.stepIndex,
    })
    .from(workflowSteps)
    .where(and(eq(workflowSteps.runId, runId), lt(workflowSteps.stepIndex, index)));
  const input = resolveParameters(task.parameters, {
    trigger: run.triggerData,
    steps: Object.fromEntries(earlier.map((s) => [s.taskId, s.output])),
  });
  const key = `${runId}:${index}`;
  const timeoutSeconds = task.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
  const sends = OUTSIDE_ACTIONS.includes(task.action_id);
  if (sends) {
    const claim = await claimSend(db, runId, index, key, timeoutSeconds, now());
    if (claim === 'busy') throw new Error('an earlier attempt of this step may still be sending');
    if (claim === 'interrupted') {
      await failStep(
        db,
        run,
        index,
        'The worker stopped while this step was sending; it is not sent again, as it may have gone.',
        now(),
      );
      return;
    }
  }
  let outcome: StepOutcome | 'already_done';
  try {
    outcome = await withScope(db, owner.principal.scope, async (tx) => {
      const [locked] = await tx
        .select({ status: workflowSteps.status, output: workflowSteps.output })
        .from(workflowSteps)
        .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)))
        .for('update');
      if (locked?.status !== 'running') return 'already_done' as const;
      await markWorkflowStep(tx, run.workflowId, run.depth);
      const done = await withinTimeout(timeoutSeconds, (signal) =>
        perform(task.action_id, {
          tx,
          principal: owner.principal,
          run,
          input,
          idempotencyKey: key,
          signal,
          now: now(),
        }),
      );
      await tx
        .update(workflowSteps)
        .set({
          status: 'succeeded',
          input,
          output: done.output ?? null,
          effectKey: key,
          finishedAt: now(),
          error: null,
        })
        .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
      return done;
    });
  } catch (error) {
    if (sends) await releaseSend(db, runId, index);
    const retries = task.retries ?? DEFAULT_RETRIES;
    if (!(error instanceof StepRefused) && attempt <= retries) {
      await db
        .update(workflowSteps)
        .set({ input, error: message(error) })
        .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
      throw error; // the runner retries the job after its backoff
    }
    await db
      .update(workflowSteps)
      .set({ input })
      .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
    await failStep(db, run, index, message(error), now());
    return;
  }
  if (outcome === 'already_done') {
    const [again] = await db
      .select()
      .from(workflowSteps)
      .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
    if (again?.status === 'succeeded') await advance(db, run, tasks, index, { output: again.output }, now());
    return;
  }
  await advance(db, run, tasks, index, outcome, now());
}

/**
 * After a step: the run ends (last step, a stop, a false test with no branch) or the next step,
 * by branch when the step was a test, is queued; the steps a branch jumps over are skipped.
 */
async function advance(
  db: Db,
  run: RunRow,
  tasks: readonly WorkflowTask[],
  index: number,
  outcome: StepOutcome,
  now: Date,
) {
  const next = nextIndex(tasks, index, outcome);
  if (next === null) {
    await finishRun(db, run.id, 'succeeded', null, now, 'skipped');
    return;
  }
  if (next > index + 1)
    await db
      .update(workflowSteps)
      .set({ status: 'skipped', finishedAt: now })
      .where(
        and(
          eq(workflowSteps.runId, run.id),
          gt(workflowSteps.stepIndex, index),
          lt(workflowSteps.stepIndex, next),
          eq(workflowSteps.status, 'pending'),
        ),
      );
  await enqueueStep(db, run, next, new Date(now.getTime() + (outcome.delayMs ?? 0)));
}

async function failStep(db: Db, run: Pick<RunRow, 'id'>, index: number, error: string, now: Date) {
  await db
    .update(workflowSteps)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(workflowSteps.runId, run.id), eq(workflowSteps.stepIndex, index)));
  await finishRun(db, run.id, 'failed', `Step ${index + 1} failed: ${error}`, now, 'skipped');
}

export const STEP_JOB_KIND: JobKind = {
  run: runStep,
  lane: 'workflows',
  maxAttempts: MOST_ATTEMPTS,
  backoffMs: (attempt) => Math.min(2_000 * 2 ** (attempt - 1), 300_000),
  // The worker died on it again and again: the run fails where people look for it.
  giveUp: async ({ db, job, now }, error) => {
    await failStep(db, { id: String(job.payload.run_id) }, Number(job.payload.step), message(error), now());
  },
};
