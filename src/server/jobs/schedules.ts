import { Cron } from 'croner';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { Schedule } from './types.ts';

/** First key of the advisory lock that serialises scheduling across processes (any constant). */
const SCHEDULE_LOCK = 7_314_003;

/** When a schedule next runs after `from` (UTC), by its cron pattern; null when it never will. */
export function nextRun(schedule: Schedule, from: Date): Date | null {
  return new Cron(schedule.cron, { timezone: 'UTC', paused: true }).nextRun(from);
}

/**
 * Makes sure each schedule has one pending job: when none is waiting (the last run finished, or
 * this is the first start) it adds one at the next cron time. Every worker calls this; the
 * advisory lock, taken only when a job seems missing, makes the check-then-insert safe between
 * processes, so a schedule never gets two pending jobs. Returns the jobs added.
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
    added += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK}, hashtext(${schedule.kind}))`);
      if (await hasPending(tx as unknown as Db, schedule.kind)) return 0;
      await tx
        .insert(jobs)
        .values({ kind: schedule.kind, payload: { ...schedule.payload, scheduled: true }, runAt });
      return 1;
    });
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
