/**
 * A worker that runs the workflows lane's due jobs and stops dead at one step, for the kill -9
 * test to kill with SIGKILL:
 *   tsx run-workflow-steps-and-die.ts <database url or PGlite dir> <inside|after> <step> <clock offset ms>
 * `inside`: the step has acted and marked itself done in its transaction (with the in-database
 * steps before it in the same transaction, when they go together), which is not yet committed. `after`: its transaction committed, the next step not yet begun. Prints
 * "stopped <step>" there and hangs. The clock offset lets it claim jobs whose lease has run out.
 */
import { eq, max } from 'drizzle-orm';
import { STEP_JOB } from '../../src/server/areas/workflows/engine/runs.ts';
import { workflowSteps } from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { laneHandlers } from '../../src/server/jobs/registry.ts';
import type { JobContext, JobKind } from '../../src/server/jobs/types.ts';
import { forever, openNamedDatabase, runUntilStopped } from './doomed-worker.ts';

const [where, when, step, offset] = process.argv.slice(2) as [string, 'inside' | 'after', string, string];
const database = await openNamedDatabase(where);
const stop = async () => {
  console.log(`stopped ${step}`);
  return forever();
};
/**
 * A step's own transaction returns its outcome (an object with `output`); a transaction of
 * in-database steps done together returns how it leaves the run (`end`, `queue` or `go`).
 */
const isOutcome = (value: unknown) =>
  typeof value === 'object' && value !== null && ['output', 'end', 'queue', 'go'].some((key) => key in value);

/**
 * The last step a step's transaction has just marked succeeded: a job runs the steps of its run
 * one after another, so the step is told by the mark, not by the job. The test runs a single run.
 */
async function stepDoneIn(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ step: max(workflowSteps.stepIndex) })
    .from(workflowSteps)
    .where(eq(workflowSteps.status, 'succeeded'));
  return row?.step ?? -1;
}

function stoppingAtTheStep(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (work: (tx: Db) => Promise<unknown>) => {
        let doneStep = -1;
        const result = await target.transaction(async (tx) => {
          const done = await work(tx as Db);
          if (!isOutcome(done)) return done;
          doneStep = await stepDoneIn(tx as Db);
          if (when === 'inside' && doneStep === Number(step)) await stop();
          return done;
        });
        if (when === 'after' && doneStep === Number(step)) await stop();
        return result;
      };
    },
  });
}

const handlers = laneHandlers('workflows');
const real = handlers[STEP_JOB] as JobKind;
handlers[STEP_JOB] = {
  ...real,
  run: (context: JobContext) => real.run({ ...context, db: stoppingAtTheStep(context.db) }),
};
await runUntilStopped(database.db, handlers, Number(offset));
