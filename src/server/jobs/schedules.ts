import { Cron } from 'croner';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { enqueueSingleton } from './queue.ts';
import type { Schedule } from './types.ts';

/** The singleton key of a schedule's pending run. */
export const SCHEDULED = 'schedule';

/** When a schedule next runs after `from` (UTC), by its cron pattern; null when it never will. */
export function nextRun(schedule: Schedule, from: Date): Date | null {
  return new Cron(schedule.cron, { timezone: 'UTC', paused: true }).nextRun(from);
}

/**
 * Makes sure each schedule has one pending job: when none is waiting (the last run finished, or
 * this is the first start) it adds one at the next cron time. Every worker calls this; the run is
 * a singleton job, so workers asking at once still add one between them. Returns the jobs added.
 */
export async function ensureScheduled(
  db: Db,
  schedules: readonly Schedule[],
  now = new Date(),
): Promise<number> {
  let added = 0;
  for (const schedule of schedules) {
    if (await hasPending(db, schedule.kind)) continue;
    const runAt = nextRun(schedule, now);
    if (!runAt) continue;
    const payload = { ...schedule.payload, scheduled: true };
    if ((await enqueueSingleton(db, schedule.kind, payload, SCHEDULED, runAt)).added) added++;
  }
  return added;
}

async function hasPending(db: Db, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Forgets the pending runs of the schedules that are not yet due at `now` and not yet claimed, so
 * the next pass of each runner plans them again from `now`. For the end-to-end tests' job clock
 * (platform/test-clock.ts): a run planned while the clock stood far ahead would otherwise wait,
 * once the clock is set back, until the wall clock got there.
 */
export async function replanSchedules(db: Db, now: Date): Promise<number> {
  const dropped = await db
    .delete(jobs)
    .where(
      and(eq(jobs.singletonKey, SCHEDULED), isNull(jobs.doneAt), isNull(jobs.lockedAt), gt(jobs.runAt, now)),
    )
    .returning({ id: jobs.id });
  return dropped.length;
}
