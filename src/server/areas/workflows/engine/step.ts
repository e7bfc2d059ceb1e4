import { and, eq, gt, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { jobs, workflowRuns, workflowSteps, workflowVersions } from '../../../db/schema/index.ts';
import { scopeSettings } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import type { JobContext, JobKind } from '../../../jobs/types.ts';
import { workflowStepMarks } from '../../../platform/alert-events.ts';
import { resolveParameters } from '../expressions.ts';
import type { RunRow } from '../present.ts';
import { orderedTasks } from '../validate.ts';
import { perform, type StepOutcome, StepRefused } from './act.ts';
import { OUTSIDE_ACTIONS } from './act-outside.ts';
import { nextIndex } from './branches.ts';
import { enqueueStep, FINISHED_RUN, finishRun, STEP_JOB, stepJob } from './runs.ts';
import { claimSend, releaseSend } from './sending.ts';
import {
  DEFAULT_TIMEOUT_SECONDS,
  DONE_STEP,
  failStep,
  GOING_RUN,
  type Marked,
  markedReads,
  markRunning,
  message,
  type Next,
  ownerForStep,
  type RunInHand,
  runningMark,
  withinTimeout,
} from './step-marks.ts';
import { inDatabase, runTogether, type Together } from './together.ts';

const DEFAULT_RETRIES = 3;
/** The most retries a task may ask for, plus its first attempt: the job's own limit. */
const MOST_ATTEMPTS = 11;

/** 2 s, 4 s, 8 s, … up to 5 min. */
const stepBackoffMs = (attempt: number) => Math.min(2_000 * 2 ** (attempt - 1), 300_000);

/**
 * The `workflow-step` job: a run from one step on. Each step's effect and its `succeeded` mark are
 * one transaction, taken under a lock on the step's row: a step re-delivered after its worker
 * died, or claimed again while a slow attempt still runs, finds it done and acts no second time.
 * The next step runs in the same job when it is due at once (a wait, or a retry after a later
 * step failed, queues a job of its own); a job delivered again walks past the steps already done.
 */
export async function runStep({ db, job, now, claimedBehind }: JobContext): Promise<void> {
  const runId = String(job.payload.run_id);
  const first = Number(job.payload.step);
  const startedAt = now();
  const stepToDo = and(
    eq(workflowSteps.runId, runId),
    eq(workflowSteps.stepIndex, first),
    notInArray(workflowSteps.status, DONE_STEP),
  );
  // A queued run starts with its first step done here (same snapshot, same condition).
  const started = db.$with('started').as(
    db
      .update(workflowRuns)
      .set({ status: 'running', startedAt: sql`coalesce(${workflowRuns.startedAt}, ${startedAt})` })
      .where(
        and(
          eq(workflowRuns.id, runId),
          eq(workflowRuns.status, 'queued'),
          sql`exists (select 1 from ${workflowSteps} where ${stepToDo})`,
        ),
      )
      .returning({ id: workflowRuns.id }),
  );
  // The usual case, the job's step still to do: marked running as the run is read (and started),
  // one statement.
  const [marked] = await db
    .with(started)
    .update(workflowSteps)
    .set(runningMark(startedAt))
    .from(workflowRuns)
    .leftJoin(workflowVersions, versionOfRun)
    .where(and(eq(workflowSteps.runId, workflowRuns.id), stepToDo, inArray(workflowRuns.status, GOING_RUN)))
    .returning({
      run: workflowRuns,
      definition: workflowVersions.definition,
      outputs: outputsBefore(first),
      ...markedReads(workflowRuns.workflowId, startedAt),
    });
  // Else done before (a job delivered again walks past it), its run over, or no such run.
  const [found] = marked
    ? [marked]
    : await db
        .select({ run: workflowRuns, definition: workflowVersions.definition, outputs: outputsBefore(first) })
        .from(workflowRuns)
        .leftJoin(workflowVersions, versionOfRun)
        .where(eq(workflowRuns.id, runId));
  if (!found || FINISHED_RUN.includes(found.run.status)) return;
  // Read as it was before this statement started it.
  if (marked && found.run.status === 'queued') found.run.status = 'running';
  const hand: RunInHand = {
    run: found.run,
    tasks: found.definition ? orderedTasks(found.definition) : [],
    outputs: found.outputs ?? {},
    claimedBehind: claimedBehind ?? 0,
  };
  let next: Next = { go: first };
  while (next !== 'stop') {
    const index: number = next.go;
    const markedBefore = index === first ? marked : undefined;
    // In-database steps from here on go together, in one transaction; the rest a step at a time.
    const together: Together =
      !hand.oneByOne && inDatabase(hand.tasks[index])
        ? await runTogether(db, hand, index, now, markedBefore)
        : { alone: markedBefore };
    next =
      together === 'stop' || 'go' in together
        ? together
        : await runOneStep(db, hand, index, index === first, now, together.alone);
  }
}

/** The version a run runs, joined to it. */
const versionOfRun = and(
  eq(workflowVersions.workflowId, workflowRuns.workflowId),
  eq(workflowVersions.version, workflowRuns.version),
);

/** What the steps before `index` left, by task id, for its parameters to read: within a statement on the run. */
const outputsBefore = (index: number) =>
  sql<Record<
    string,
    unknown
  > | null>`(select jsonb_object_agg(${workflowSteps.taskId}, ${workflowSteps.output}) from ${workflowSteps} where ${workflowSteps.runId} = ${workflowRuns.id} and ${workflowSteps.stepIndex} < ${index})`;

/** One step of the run in hand: acts, or walks past it when done before; says what comes next. */
async function runOneStep(
  db: Db,
  hand: RunInHand,
  index: number,
  ownJob: boolean,
  now: () => Date,
  /** The step marked running already, as the job read its run. */
  markedBefore?: Marked,
): Promise<Next> {
  const { run, tasks } = hand;
  const runId = run.id;
  const task = tasks[index];
  const marked = markedBefore ?? (task ? await markRunning(db, run, index, now()) : undefined);
  if (!task || !marked) {
    // Not to do: done before (walk on), cancelled or its run over (stop), or no such step.
    const [step] = await db
      .select({ status: workflowSteps.status, output: workflowSteps.output })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
    if (!task || !step) {
      await finishRun(db, runId, 'succeeded', null, now());
      return 'stop';
    }
    if (step.status !== 'succeeded' && step.status !== 'skipped') return 'stop';
    hand.outputs[task.id] = step.output;
    return advance(db, hand, index, { output: step.output }, now());
  }
  if (run.status === 'queued') {
    await db
      .update(workflowRuns)
      .set({ status: 'running', startedAt: sql`coalesce(${workflowRuns.startedAt}, ${now()})` })
      .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'queued')));
    run.status = 'running';
  }
  const attempt = marked.attempts;

  const principal = await ownerForStep(db, run, index, marked, now());
  if (!principal) return 'stop';
  const input = resolveParameters(task.parameters, { trigger: run.triggerData, steps: hand.outputs });
  const key = `${runId}:${index}`;
  const timeoutSeconds = task.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS;
  const sends = OUTSIDE_ACTIONS.includes(task.action_id);
  if (sends) {
    const claim = await claimSend(db, runId, index, key, timeoutSeconds, now());
    if (claim === 'busy')
      return retryLater(
        db,
        run,
        index,
        ownJob,
        attempt,
        new Error('an earlier attempt of this step may still be sending'),
        now(),
      );
    if (claim === 'interrupted') {
      await failStep(
        db,
        run,
        index,
        'The worker stopped while this step was sending; it is not sent again, as it may have gone.',
        now(),
      );
      return 'stop';
    }
  }
  let outcome: StepOutcome | 'already_done';
  let handedOff = false;
  try {
    outcome = await db.transaction(async (tx) => {
      // One statement: the step's lock, then the owner's scope (as withScope sets it) and the loop
      // guard's marks (what the step's own writes trigger reads) for the statements after it.
      const [locked] = await tx
        .select({
          status: workflowSteps.status,
          scoped: scopeSettings(principal.scope),
          marked: workflowStepMarks(run.workflowId, run.depth),
        })
        .from(workflowSteps)
        .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)))
        .for('update');
      if (locked?.status !== 'running') return 'already_done' as const;
      const done = await withinTimeout(timeoutSeconds, (signal) =>
        perform(task.action_id, {
          tx,
          principal: principal,
          run,
          input,
          idempotencyKey: key,
          signal,
          now: now(),
        }),
      );
      const succeeded = {
        status: 'succeeded' as const,
        input,
        output: done.output ?? null,
        effectKey: key,
        finishedAt: now(),
        error: null,
      };
      const thisStep = and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index));
      // The next step handed to a job of its own (others wait): queued in the statement that marks
      // this one done, so the two commit together. A plain insert, as the owner's role may add a
      // step job but not read the queue: none is pending for the next step while this one is not
      // done (only a step's own success queues its successor), and this one is locked running.
      handedOff = handsOff(hand, index, done, marked.othersWaiting);
      if (handedOff) {
        const queued = tx.$with('queued_next').as(tx.insert(jobs).values(stepJob(run, index + 1, now())));
        await tx.with(queued).update(workflowSteps).set(succeeded).where(thisStep);
      } else await tx.update(workflowSteps).set(succeeded).where(thisStep);
      return done;
    });
  } catch (error) {
    if (sends) await releaseSend(db, runId, index);
    const retries = task.retries ?? DEFAULT_RETRIES;
    const retrying = !(error instanceof StepRefused) && attempt <= retries;
    await db
      .update(workflowSteps)
      .set(retrying ? { input, error: message(error) } : { input })
      .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
    if (retrying) return retryLater(db, run, index, ownJob, attempt, error, now());
    await failStep(db, run, index, message(error), now());
    return 'stop';
  }
  if (outcome === 'already_done') {
    // Another attempt finished it meanwhile (or the run was cancelled): walk on from what it left.
    const [again] = await db
      .select({ status: workflowSteps.status, output: workflowSteps.output })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.runId, runId), eq(workflowSteps.stepIndex, index)));
    if (again?.status !== 'succeeded') return 'stop';
    hand.outputs[task.id] = again.output;
    return advance(db, hand, index, { output: again.output }, now());
  }
  hand.outputs[task.id] = outcome.output ?? null;
  if (handedOff) return 'stop';
  return advance(db, hand, index, outcome, now(), marked.othersWaiting);
}

/**
 * Whether the step after this one goes to a job of its own, due now, behind the others waiting:
 * the next in order (a branch that jumps steps marks them skipped first, in `advance`), while
 * other runs' step jobs wait unclaimed or claimed with this job.
 */
function handsOff(hand: RunInHand, index: number, outcome: StepOutcome, othersWaiting: boolean): boolean {
  if ((outcome.delayMs ?? 0) > 0) return false;
  if (nextIndex(hand.tasks, index, outcome) !== index + 1) return false;
  return hand.claimedBehind > 0 || othersWaiting;
}

/**
 * A step to try again after its backoff: the job's own step fails the job (the runner retries it);
 * a later one, reached in the same job, gets a job of its own due then, and this one is done.
 */
async function retryLater(
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

export const STEP_JOB_KIND: JobKind = {
  run: runStep,
  lane: 'workflows',
  maxAttempts: MOST_ATTEMPTS,
  backoffMs: stepBackoffMs,
  // The worker died on it again and again: the run fails where people look for it.
  giveUp: async ({ db, job, now }, error) => {
    await failStep(db, { id: String(job.payload.run_id) }, Number(job.payload.step), message(error), now());
  },
};
