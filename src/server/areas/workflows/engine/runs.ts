import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import { jobs, workflowRuns, workflowSteps } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import type { RunRow } from '../present.ts';
import { orderedTasks } from '../validate.ts';

export const STEP_JOB = 'workflow-step';

export interface NewRun {
  partnerId: string;
  workflowId: string;
  version: number;
  definition: WorkflowDefinition;
  customerId: string;
  alertId: number | null;
  triggerData: Record<string, unknown>;
  depth: number;
  dispatchKey: string | null;
  rerunOf?: { runId: string; fromStep: number; carried: readonly (typeof workflowSteps.$inferSelect)[] };
}

/**
 * Queues a run of a published version: the run, one row per step (those before a re-run's first
 * step carried over with their outputs), and the job of its first step to do, all in the caller's
 * transaction. Null when the dispatch key already started one (a re-delivered trigger).
 */
export async function startRun(db: Db, run: NewRun, now = new Date()): Promise<RunRow | null> {
  const fromStep = run.rerunOf?.fromStep ?? 0;
  const tasks = orderedTasks(run.definition);
  const values: typeof workflowRuns.$inferInsert = {
    partnerId: run.partnerId,
    workflowId: run.workflowId,
    version: run.version,
    customerId: run.customerId,
    alertId: run.alertId,
    triggerId: run.definition.trigger_id,
    triggerData: run.triggerData,
    depth: run.depth,
    dispatchKey: run.dispatchKey,
    rerunOf: run.rerunOf?.runId ?? null,
    fromStep,
    createdAt: now,
  };
  if (!run.rerunOf && tasks.length > 0) return startNewRun(db, values, tasks, now);
  const [row] = await db
    .insert(workflowRuns)
    .values(values)
    .onConflictDoNothing({ target: workflowRuns.dispatchKey })
    .returning();
  if (!row) return null;
  // A new run has no job yet: a plain insert, which request work (a re-run) may make; with the
  // steps' rows in the same statement.
  const firstJob = stepJob(row, fromStep, now);
  if (tasks.length === 0) {
    await db.insert(jobs).values(firstJob);
    return row;
  }
  const steps = db.$with('steps').as(
    db.insert(workflowSteps).values(
      tasks.map((task, index) => {
        const carried = index < fromStep ? run.rerunOf?.carried[index] : undefined;
        return {
          runId: row.id,
          stepIndex: index,
          customerId: run.customerId,
          taskId: task.id,
          actionId: task.action_id,
          ...(carried && {
            status: carried.status,
            input: carried.input,
            output: carried.output,
            attempts: carried.attempts,
            startedAt: carried.startedAt,
            finishedAt: carried.finishedAt,
          }),
        };
      }),
    ),
  );
  await db.with(steps).insert(jobs).values(firstJob);
  return row;
}

/**
 * A run started afresh (the triggers' common case) in one statement: the run, its steps' rows
 * and its first step's job, the latter two only when the run was added (its dispatch key new).
 */
async function startNewRun(
  db: Db,
  values: typeof workflowRuns.$inferInsert,
  tasks: ReturnType<typeof orderedTasks>,
  now: Date,
): Promise<RunRow | null> {
  const added = db
    .$with('added')
    .as(
      db
        .insert(workflowRuns)
        .values(values)
        .onConflictDoNothing({ target: workflowRuns.dispatchKey })
        .returning(),
    );
  const steps = tasks.map((task, index) => ({
    step_index: index,
    task_id: task.id,
    action_id: task.action_id,
  }));
  const stepRows = db.$with('step_rows', {}).as(sql`
    insert into ${workflowSteps} (run_id, step_index, customer_id, task_id, action_id)
    select added.id, s.step_index, added.customer_id, s.task_id, s.action_id
    from added, jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as s(step_index int, task_id text, action_id text)
    returning 1`);
  const firstJob = db.$with('first_job', {}).as(sql`
    insert into ${jobs} (kind, payload, singleton_key, run_at, partner_id)
    select ${STEP_JOB}, jsonb_build_object('run_id', added.id, 'step', 0), added.id || ':0',
      ${now.toISOString()}::timestamptz, added.partner_id
    from added
    returning 1`);
  const [row] = await db.with(added, stepRows, firstJob).select().from(added);
  return row ?? null;
}

/** The job of a run's step: at most one pending per run and step (its singleton key). */
export const stepJob = (run: Pick<RunRow, 'id' | 'partnerId'>, step: number, runAt: Date) => ({
  kind: STEP_JOB,
  payload: { run_id: run.id, step },
  singletonKey: `${run.id}:${step}`,
  runAt,
  partnerId: run.partnerId,
});

/** A step job already pending for the run and step: adding it again adds nothing. */
const STEP_JOB_PENDING = { target: [jobs.kind, jobs.singletonKey], where: sql`done_at is null` };

/**
 * The job of the next step (system connection); at most one pending per run and step, so a step
 * whose job is delivered again queues its successor once.
 */
export async function enqueueStep(db: Db, run: Pick<RunRow, 'id' | 'partnerId'>, step: number, runAt: Date) {
  await db
    .insert(jobs)
    .values(stepJob(run, step, runAt))
    .onConflictDoNothing(STEP_JOB_PENDING);
}

export const FINISHED_RUN = ['succeeded', 'failed', 'cancelled'];

/** Ends a run that is still queued or running; its steps not yet done become `stepStatus`. */
export async function finishRun(
  db: Db,
  runId: string,
  status: 'succeeded' | 'failed' | 'cancelled',
  error: string | null,
  now: Date,
  stepStatus: 'skipped' | 'cancelled' = status === 'cancelled' ? 'cancelled' : 'skipped',
): Promise<boolean> {
  // One statement: the run ended, and with it the steps it did not get to.
  const ended = db.$with('ended').as(
    db
      .update(workflowRuns)
      .set({ status, error, finishedAt: now })
      .where(and(eq(workflowRuns.id, runId), inArray(workflowRuns.status, ['queued', 'running'])))
      .returning({ id: workflowRuns.id }),
  );
  const leftOver = db.$with('left_over').as(
    db
      .update(workflowSteps)
      .set({ status: stepStatus, finishedAt: sql`coalesce(${workflowSteps.finishedAt}, ${now})` })
      .where(
        and(
          sql`${workflowSteps.runId} in (select ${ended.id} from ${ended})`,
          inArray(workflowSteps.status, ['pending', 'running']),
        ),
      )
      .returning({ runId: workflowSteps.runId }),
  );
  const rows = await db.with(ended, leftOver).select({ id: ended.id }).from(ended);
  return rows.length > 0;
}
