import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { ReadRouter } from '../db/replica.ts';
import { mailTransportFor } from '../mail/transport.ts';
import { testClockNow } from '../platform/test-clock.ts';
import { laneBatch, laneHandlers, PGLITE_SCHEDULES, SCHEDULES } from './registry.ts';
import { type JobRunner, startJobRunner } from './runner.ts';
import { type JobLogger, LANES } from './types.ts';

/**
 * One loop per lane (jobs/types.ts): searches people wait on, mail, workflow runs, report
 * rendering, and everything else. Each loop keeps the schedules of its own kinds.
 */
export function startLanes(
  database: Database,
  config: Config,
  reads: ReadRouter,
  log?: JobLogger,
): JobRunner[] {
  return LANES.map((lane) =>
    startJobRunner(database.db, {
      // host:pid:lane, and host:pid.thread:lane on the lanes' own thread (lanes-on-thread.ts).
      workerId: `${hostname()}:${process.pid}${threadId ? `.${threadId}` : ''}:${lane}`,
      // Jobs added due now start a pass at once (jobsDue, on both databases), so the poll finds
      // only work that came due since (a retry's backoff, a workflow's wait, an escalation's
      // step): once a second is soon enough for those, where four polls a second in three lanes
      // kept an idle console's database busy (about 6 % of a core on PGlite).
      pollMs: 1000,
      handlers: laneHandlers(lane),
      batch: laneBatch(lane),
      jobsDue: database.jobsDue,
      schedules: database.kind === 'pglite' ? PGLITE_SCHEDULES : SCHEDULES,
      leaseMs: config.jobLeaseMs,
      mail: mailTransportFor(config),
      reads,
      ...(config.testClock ? { now: testClockNow } : {}),
      ...(log ? { log } : {}),
    }),
  );
}

/** Stops every lane's loop, each after the job in hand. */
export async function stopLanes(lanes: readonly JobRunner[]): Promise<void> {
  await Promise.all(lanes.map((lane) => lane.stop()));
}
