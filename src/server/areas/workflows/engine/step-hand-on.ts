import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import type { WorkflowTask } from '../../../db/schema/index.ts';
import { jobs, workflowSteps } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { RunRow } from '../present.ts';
import type { StepOutcome } from './act.ts';
import { nextIndex } from './branches.ts';
import { enqueueStep, finishRun, STEP_JOB } from './runs.ts';

/*
 * The hand-on of a workflow step (step.ts runs it): once the step acted, or was found done
 * before, its output is kept for the steps after it, and the next step is chosen (by branch),
 * run in the same job or queued; a failed step is retried later or fails its run.
 */

/** 2 s, 4 s, 8 s, … up to 5 min. */
export const stepBackoffMs = (attempt: number) => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

/** A run and the tasks of the version it runs, read once per job. */
export interface RunInHand {
  run: RunRow;
  tasks: readonly WorkflowTask[];
  /** Outputs of the steps before the one in hand, by task id: what parameters may read. */
  outputs: Record<string, unknown>;
  /** Jobs the worker claimed with this one, waiting for it: the run then goes on in a job of its own. */
  claimedBehind: number;
}

/** What one step left for the job to do next. */
export type Next = { go: number } | 'stop';

/** Keeps what the step in hand left, for the parameters of the steps after it. */
export function recordOutput(hand: RunInHand, index: number, outcome: StepOutcome): void {
  const task = hand.tasks[index];
  if (task) hand.outputs[task.id] = outcome.output ?? null;
}

/** After a step that is done (now or before): its output kept, on to what comes next. */
export function walkOn(
  db: Db,
  hand: RunInHand,
  index: number,
  outcome: StepOutcome,
  now: Date,
  /** Whether other runs' step jobs waited as this step began; looked up afresh when not known. */
  othersWaiting?: boolean,
): Promise<Next> {
  recordOutput(hand, index, outcome);
  return advance(db, hand, index, outcome, now, othersWaiting);
}

/**
 * Whether the step after this one goes to a job of its own, due now, behind the others waiting:
 * the next in order (a branch that jumps steps marks them skipped first, in `advance`), while
 * other runs' step jobs wait unclaimed or claimed with this job.
 */
export function handsOff(
  hand: RunInHand,
  index: number,
  outcome: StepOutcome,
  othersWaiting: boolean,
): boolean {
  if ((outcome.delayMs ?? 0) > 0) return false;
  if (nextIndex(hand.tasks, index, outcome) !== index + 1) return false;
  return hand.claimedBehind > 0 || othersWaiting;
}

/**
 * A step to try again after its backoff: the job's own step fails the job (the runner retries it);
 * a later one, reached in the same job, gets a job of its own due then, and this one is done.
 */
export async function retryLater(
  db: Db,
  run: RunRow,
  index: number,
  ownJob: boolean,
  attempt: number,
  error: unknown,
  now: Date,
): Promise<Next> {
  if (ownJob) throw error;
  await enqueueStep(db, run, index, new Date(now.getTime() + stepBackoffMs(attempt)));
  return 'stop';
}

/**
 * After a step: the run ends (last step, a stop, a false test with no branch) or goes on to the
 * next step, by branch when the step was a test; the steps a branch jumps over are skipped. A
 * step due later (a wait) gets its own job, queued then; one due now runs in this job.
 */
async function advance(
  db: Db,
  hand: RunInHand,
  index: number,
  outcome: StepOutcome,
  now: Date,
  /** Whether other runs' step jobs waited as this step began; looked up afresh when not known. */
  othersWaiting?: boolean,
): Promise<Next> {
  const { run, tasks } = hand;
  const next = nextIndex(tasks, index, outcome);
  if (next === null) {
    await finishRun(db, run.id, 'succeeded', null, now, 'skipped');
    return 'stop';
  }
  if (next > index + 1) {
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
    for (const skipped of tasks.slice(index + 1, next)) hand.outputs[skipped.id] ??= null;
  }
  if ((outcome.delayMs ?? 0) > 0) {
    await enqueueStep(db, run, next, new Date(now.getTime() + (outcome.delayMs ?? 0)));
    return 'stop';
  }
  // Fair to the runs waiting: while other step jobs are due and unclaimed, or claimed with this one
  // and waiting for it, the next step queues behind them instead of running here, so a backlog's
  // first steps are not held up by whole runs.
  if (hand.claimedBehind > 0 || (othersWaiting ?? (await otherStepsWaiting(db, now)))) {
    await enqueueStep(db, run, next, now);
    return 'stop';
  }
  return { go: next };
}

async function otherStepsWaiting(db: Db, now: Date): Promise<boolean> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, STEP_JOB), isNull(jobs.doneAt), isNull(jobs.lockedAt), lte(jobs.runAt, now)))
    .limit(1);
  return waiting !== undefined;
}

export async function failStep(db: Db, run: Pick<RunRow, 'id'>, index: number, error: string, now: Date) {
  await db
    .update(workflowSteps)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(workflowSteps.runId, run.id), eq(workflowSteps.stepIndex, index)));
  await finishRun(db, run.id, 'failed', `Step ${index + 1} failed: ${error}`, now, 'skipped');
}
