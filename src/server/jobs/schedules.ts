import { Cron } from 'croner';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
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
  if (schedules.length === 0) return 0;
  const pending = await kindsPending(
    db,
    schedules.map((schedule) => schedule.kind),
  );
  let added = 0;
  for (const schedule of schedules) {
    if (pending.has(schedule.kind)) continue;
    const runAt = nextRun(schedule, now);
    if (!runAt) continue;
    const payload = { ...schedule.payload, scheduled: true };
    if ((await enqueueSingleton(db, schedule.kind, payload, SCHEDULED, runAt)).added) added++;
  }
  return added;
}

/** Which of these kinds have a job not yet done: one statement for all of a lane's schedules. */
async function kindsPending(db: Db, kinds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ kind: jobs.kind })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), isNull(jobs.doneAt)));
  return new Set(rows.map((row) => row.kind));
}

/** Times `replanSchedules` ran in this process: each runner's planner plans again after one. */
let replans = 0;

/** How often a runner looks again at schedules it has no reason to think changed. */
export const SCHEDULE_RECHECK_MS = 60_000;

/**
 * When one runner loop plans its schedules. A schedule's pending run goes away only when a run of
 * its kind finishes, or when the test clock plans runs again; so a loop plans at its first pass,
 * after it finished a job of a scheduled kind, after a replan in this process, and otherwise once a
 * minute (a run another process finished, which that process plans, unless it stopped first).
 * Planning on every pass cost a statement per schedule per pass of every lane.
 */
export class SchedulePlanner {
  private readonly kinds: Set<string>;
  private plannedAt = Number.NEGATIVE_INFINITY;
  private stale = true;
  private replansSeen = replans;

  constructor(
    readonly schedules: readonly Schedule[],
    private readonly recheckMs = SCHEDULE_RECHECK_MS,
  ) {
    this.kinds = new Set(schedules.map((schedule) => schedule.kind));
  }

  /** A job of this kind finished (done or given up): its schedule may need its next run. */
  finished(kind: string): void {
    if (this.kinds.has(kind)) this.stale = true;
  }

  /** Plans the schedules when one of the reasons above holds; answers the runs added. */
  async planIfDue(db: Db, now: Date): Promise<number> {
    if (this.schedules.length === 0) return 0;
    const due =
      this.stale || this.replansSeen !== replans || now.getTime() - this.plannedAt >= this.recheckMs;
    if (!due) return 0;
    this.stale = false;
    this.replansSeen = replans;
    this.plannedAt = now.getTime();
    try {
      return await ensureScheduled(db, this.schedules, now);
    } catch (error) {
      // Not planned: the next pass tries again.
      this.stale = true;
      throw error;
    }
  }
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
  replans++;
  return dropped.length;
}
