import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { JobRow } from './types.ts';

/** Longest `last_error` kept. */
const MAX_ERROR_LENGTH = 2000;

/** Adds a job, due now unless `runAt` says later. */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown> = {},
  runAt?: Date,
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, ...(runAt ? { runAt } : {}) })
    .returning();
  return row!;
}

/**
 * Claims the next due job of the given kinds for this worker, or null. One statement: the inner
 * `for update skip locked` lets any number of workers (processes or runners) claim side by side
 * without waiting on each other or taking the same row. A job locked longer than the lease (its
 * worker died) can be claimed again. The attempt is counted when the job is claimed, so a job that
 * crashes its worker still runs out of attempts.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  kinds: readonly string[],
  leaseMs: number,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        lte(jobs.runAt, sql`now()`),
        inArray(jobs.kind, [...kinds]),
        or(isNull(jobs.lockedAt), lt(jobs.lockedAt, sql`now() - ${leaseMs} * interval '1 millisecond'`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({ lockedBy: workerId, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, next))
    .returning();
  return claimed ?? null;
}

/** Marks a job done, if this worker still holds it (a lease that ran out may have passed it on). */
export async function completeJob(db: Db, job: JobRow, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedAt: null, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt)));
}

/**
 * Records a failed attempt: the job is due again after `retryInMs`, or, with no attempts left
 * (`retryInMs` null), done for good with its last error kept for people to read.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  workerId: string,
  error: unknown,
  retryInMs: number | null,
): Promise<void> {
  const message = (error instanceof Error ? error.stack || error.message : String(error)).slice(
    0,
    MAX_ERROR_LENGTH,
  );
  await db
    .update(jobs)
    .set(
      retryInMs === null
        ? { doneAt: sql`now()`, lockedAt: null, lastError: message }
        : {
            runAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
            lockedBy: null,
            lockedAt: null,
            lastError: message,
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), isNull(jobs.doneAt)));
}
