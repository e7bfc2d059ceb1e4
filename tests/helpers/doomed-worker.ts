/**
 * What the crash tests' doomed workers (run-jobs-and-die.ts, run-workflow-steps-and-die.ts)
 * share: the database named on their command line, a hang that never ends, and a run of due jobs
 * with a clock moved on (to claim jobs whose lease has run out) until one of them stops.
 */
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/types.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import type { JobDefinition } from '../../src/server/jobs/types.ts';

/** A PostgreSQL URL, or else a PGlite data folder. */
export const openNamedDatabase = (where: string) =>
  openDatabase(where.startsWith('postgres://') ? { databaseUrl: where, dataDir: '' } : { dataDir: where });

/** Hangs where the worker stopped, until the test kills it. */
export const forever = () => new Promise<never>(() => undefined);

/** Runs the due jobs of these handlers; prints "ran out of jobs" and hangs when none stopped it. */
export async function runUntilStopped(
  db: Db,
  handlers: Record<string, JobDefinition>,
  clockOffsetMs: number,
): Promise<never> {
  await runDueJobs(db, {
    workerId: `doomed:${process.pid}`,
    pollMs: 5,
    handlers,
    schedules: [],
    log: { info: () => undefined, warn: () => undefined, error: (m) => console.error(m) },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  console.log('ran out of jobs');
  return forever();
}
