import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.ts';
import type { WorkflowTask } from '../../../db/schema/index.ts';
import { authEpoch, jobs, workflowRuns, workflowSteps, workflows } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { RunRow } from '../present.ts';
import { ownerNow } from './owner-reach.ts';
import { finishRun, STEP_JOB } from './runs.ts';

/** A run and the tasks of the version it runs, read once per job. */
export interface RunInHand {
  run: RunRow;
  tasks: readonly WorkflowTask[];
  /** Outputs of the steps before the one in hand, by task id: what parameters may read. */
  outputs: Record<string, unknown>;
  /** Jobs the worker claimed with this one, waiting for it: the run then goes on in a job of its own. */
  claimedBehind: number;
  /** A step done with others in one transaction failed: the rest of this job goes a step a transaction. */
  oneByOne?: boolean;
}

/** What one step left for the job to do next. */
export type Next = { go: number } | 'stop';

export const DEFAULT_TIMEOUT_SECONDS = 60;

export const DONE_STEP = ['succeeded', 'skipped', 'cancelled'];
export const GOING_RUN = ['queued', 'running'];

export const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Runs `work` with an abort signal, failing when it takes longer than the step's timeout. */
export async function withinTimeout<T>(
  seconds: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
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

export const runningMark = (startedAt: Date) => ({
  status: 'running' as const,
  attempts: sql`${workflowSteps.attempts} + 1`,
  startedAt,
  error: null,
});

/**
 * What marking a step running reads in the same statement: who the step acts as now (the
 * workflow's owner and the auth epoch), and whether other runs' step jobs are due and unclaimed
 * (for `advance`'s fairness).
 */
export const markedReads = (workflowId: string | typeof workflowRuns.workflowId, startedAt: Date) => ({
  attempts: workflowSteps.attempts,
  ownerId: sql<
    string | null
  >`(select ${workflows.ownerId} from ${workflows} where ${workflows.id} = ${workflowId})`,
  apiKeyId: sql<
    string | null
  >`(select ${workflows.apiKeyId} from ${workflows} where ${workflows.id} = ${workflowId})`,
  epoch: sql<string>`(select ${authEpoch.epoch} from ${authEpoch})`,
  othersWaiting: sql<boolean>`exists (select 1 from ${jobs} where ${jobs.kind} = ${STEP_JOB} and ${jobs.doneAt} is null and ${jobs.lockedAt} is null and ${jobs.runAt} <= ${startedAt.toISOString()}::timestamptz)`,
});

export interface Marked {
  attempts: number;
  ownerId: string | null;
  apiKeyId: string | null;
  epoch: string;
  othersWaiting: boolean;
}

/**
 * Marks the step running and counts its attempt, committed before it acts (a worker that dies
 * in it still uses the attempt up), if the step is still to do and its run still going; with it,
 * in the same statement, `markedReads`.
 */
export async function markRunning(
  db: Db,
  run: RunRow,
  index: number,
  startedAt: Date,
): Promise<Marked | undefined> {
  const [marked] = await db
    .update(workflowSteps)
    .set(runningMark(startedAt))
    .where(
      and(
        eq(workflowSteps.runId, run.id),
        eq(workflowSteps.stepIndex, index),
        notInArray(workflowSteps.status, DONE_STEP),
        sql`exists (select 1 from ${workflowRuns} where ${workflowRuns.id} = ${run.id} and ${workflowRuns.status} in ('queued', 'running'))`,
      ),
    )
    .returning(markedReads(run.workflowId, startedAt));
  return marked;
}

export async function failStep(db: Db, run: Pick<RunRow, 'id'>, index: number, error: string, now: Date) {
  await db
    .update(workflowSteps)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(workflowSteps.runId, run.id), eq(workflowSteps.stepIndex, index)));
  await finishRun(db, run.id, 'failed', `Step ${index + 1} failed: ${error}`, now, 'skipped');
}

/**
 * The workflow's owner as a caller for the marked step, as they are now; when they can no longer
 * act for the run's customer the step fails with the reason, and null.
 */
export async function ownerForStep(
  db: Db,
  run: RunRow,
  index: number,
  marked: Marked,
  now: Date,
): Promise<Principal | null> {
  const owner = await ownerNow(db, {
    ownerId: marked.ownerId,
    apiKeyId: marked.apiKeyId,
    partnerId: run.partnerId,
    customerId: run.customerId,
    epoch: Number(marked.epoch),
  });
  if ('principal' in owner) return owner.principal;
  await failStep(db, run, index, owner.gone, now);
  return null;
}
