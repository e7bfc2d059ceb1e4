import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { JobRow } from './types.ts';

/** Longest `last_error` kept. */
const MAX_ERROR_LENGTH = 2000;

export interface EnqueueOptions {
  /**
   * Due now unless this says later. "Now" is this process's clock, the one claims compare with:
   * the database's `now()` keeps microseconds, so a job stamped by it could look due a moment
   * later than a claim made in the same millisecond.
   */
  runAt?: Date;
  /**
   * At most one pending (queued or running) job per kind and key: enqueueing another while one
   * is pending adds nothing and answers the pending one.
   */
  singletonKey?: string;
  /**
   * The provider the job works for. Without it the database fills it in: the deployment's
   * provider on the system connection (deployment-wide work such as the schedules).
   */
  partnerId?: string;
}

/** Adds a job; with a singleton key, answers the pending one of that kind and key if there is one. */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<JobRow> {
  if (options.singletonKey !== undefined) {
    return (await enqueueSingleton(db, kind, payload, options.singletonKey, options.runAt, options.partnerId))
      .job;
  }
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: options.runAt ?? new Date(),
      ...(options.partnerId && { partnerId: options.partnerId }),
    })
    .returning();
  return row!;
}

/** Adds the job unless one of that kind and key is pending; `added` says which happened. */
export async function enqueueSingleton(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  singletonKey: string,
  runAt: Date = new Date(),
  partnerId?: string,
): Promise<{ job: JobRow; added: boolean }> {
  // The pending one may finish between the refused insert and the look-up: then insert again.
  for (;;) {
    const [row] = await db
      .insert(jobs)
      .values({ kind, payload, singletonKey, runAt, ...(partnerId && { partnerId }) })
      .onConflictDoNothing({ target: [jobs.kind, jobs.singletonKey], where: sql`done_at is null` })
      .returning();
    if (row) return { job: row, added: true };
    const [pending] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.singletonKey, singletonKey), isNull(jobs.doneAt)));
    if (pending) return { job: pending, added: false };
  }
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
  now: Date = new Date(),
): Promise<JobRow | null> {
  const [claimed] = await claimJobs(db, workerId, kinds, leaseMs, now, 1);
  return claimed ?? null;
}

/**
 * Claims up to `limit` due jobs at once, oldest due first, as `claimJob` claims one: a worker
 * whose jobs are short saves a round trip a job. Jobs it cannot get to are given back
 * (`releaseJobs`); a worker that dies holding them loses them only until their lease runs out.
 */
export async function claimJobs(
  db: Db,
  workerId: string,
  kinds: readonly string[],
  leaseMs: number,
  now: Date = new Date(),
  limit = 1,
): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  // The database stamps run_at in microseconds and `now` counts milliseconds: a job added in the
  // millisecond `now` names is due within it, not a poll later.
  const dueBefore = new Date(now.getTime() + 1);
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        lt(jobs.runAt, dueBefore),
        inArray(jobs.kind, [...kinds]),
        or(isNull(jobs.lockedAt), lt(jobs.lockedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ lockedBy: workerId, lockedAt: now, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, next))
    .returning();
  // UPDATE … RETURNING keeps no order: run them in the order they were due.
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * The rows of `held` this worker still holds: not done, and not passed on to another worker
 * after its lease ran out. Every write a worker makes to its jobs is limited to these.
 */
function stillHeld(held: readonly JobRow[], workerId: string) {
  return and(
    inArray(
      jobs.id,
      held.map((job) => job.id),
    ),
    eq(jobs.lockedBy, workerId),
    isNull(jobs.doneAt),
  );
}

/**
 * Gives back claimed jobs this worker will not run (it is stopping): unlocked, due as they were,
 * their attempt not counted.
 */
export async function releaseJobs(db: Db, held: readonly JobRow[], workerId: string): Promise<void> {
  if (held.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(stillHeld(held, workerId));
}

/** Records how far a job has got, if this worker still holds it. */
export async function recordProgress(
  db: Db,
  job: JobRow,
  workerId: string,
  done: number,
  total: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({ progress: { done, total } })
    .where(stillHeld([job], workerId));
}

/**
 * Renews the lease of a job this worker still holds: a live worker's long job is never taken to
 * have lost its worker (and run a second time) while it is still running. Answers whether it holds it.
 */
export async function renewLease(
  db: Db,
  job: JobRow,
  workerId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(stillHeld([job], workerId))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Renews the leases of the jobs this worker holds, in one statement (a claimed batch). */
export async function renewLeases(
  db: Db,
  held: readonly JobRow[],
  workerId: string,
  now: Date = new Date(),
): Promise<void> {
  if (held.length === 0) return;
  await db.update(jobs).set({ lockedAt: now }).where(stillHeld(held, workerId));
}

/** Marks jobs done, those this worker still holds, in one statement (a claimed batch's). */
export async function completeJobs(
  db: Db,
  done: readonly JobRow[],
  workerId: string,
  now: Date = new Date(),
): Promise<void> {
  if (done.length === 0) return;
  await db
    .update(jobs)
    .set({ doneAt: now, lockedAt: null, lastError: null })
    .where(stillHeld(done, workerId));
}

/** Marks a job done, if this worker still holds it (a lease that ran out may have passed it on). */
export async function completeJob(
  db: Db,
  job: JobRow,
  workerId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lockedAt: null, lastError: null })
    .where(stillHeld([job], workerId));
}

/**
 * Records a failed attempt: the job is due again after `retryInMs`, or, with no attempts left
 * (`retryInMs` null), dead: done for good, its last error kept for people to read.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  workerId: string,
  error: unknown,
  retryInMs: number | null,
  now: Date = new Date(),
): Promise<void> {
  const message = (error instanceof Error ? error.stack || error.message : String(error)).slice(
    0,
    MAX_ERROR_LENGTH,
  );
  await db
    .update(jobs)
    .set(
      retryInMs === null
        ? { doneAt: now, deadAt: now, lockedAt: null, lastError: message }
        : { runAt: new Date(now.getTime() + retryInMs), lockedBy: null, lockedAt: null, lastError: message },
    )
    .where(stillHeld([job], workerId));
}

/**
 * Queues a dead job again, due now, with every attempt back (an administrator's retry). Answers
 * `not_dead` for a job that is still pending or finished well, and `pending` when a run of the same
 * singleton is already waiting (a schedule moved on without it); the job is then left as it was.
 */
export async function requeueDeadJob(
  db: Db,
  id: number,
  /** The provider whose job it must be: another provider's job is `missing`. */
  partnerId: string,
  /** Runs in the same transaction once the job is queued again (the audit row of the retry). */
  onRequeued: (tx: Db, job: JobRow) => Promise<void>,
  now: Date = new Date(),
): Promise<{ job: JobRow } | { refused: 'missing' | 'not_dead' | 'pending' }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.partnerId, partnerId)))
      .for('update');
    if (!job) return { refused: 'missing' as const };
    if (!job.deadAt) return { refused: 'not_dead' as const };
    if (job.singletonKey !== null) {
      const [pending] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, job.kind), eq(jobs.singletonKey, job.singletonKey), isNull(jobs.doneAt)));
      if (pending) return { refused: 'pending' as const };
    }
    const [requeued] = await tx
      .update(jobs)
      .set({ doneAt: null, deadAt: null, attempts: 0, runAt: now, lockedBy: null, lockedAt: null })
      .where(eq(jobs.id, id))
      .returning();
    await onRequeued(tx, requeued!);
    return { job: requeued! };
  });
}
