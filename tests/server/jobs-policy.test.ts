import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import { claimJob, enqueueJob } from '../../src/server/jobs/queue.ts';
import { defaultBackoff, type JobRunnerOptions, runDueJobs } from '../../src/server/jobs/runner.ts';
import { ensureScheduled } from '../../src/server/jobs/schedules.ts';
import type { JobDefinition, JobLogger } from '../../src/server/jobs/types.ts';
import { backends, freshDatabase } from '../helpers/database.ts';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const T0 = new Date('2026-03-01T10:15:30.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('defaultBackoff', () => {
  it('doubles from 10 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(defaultBackoff)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(defaultBackoff(30)).toBe(3_600_000);
  });
});

describe.each(backends())('job policies on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
  });
  const db = () => database.db;
  const row = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;

  /** Runs one pass as `workerId` with the clock at `when`. */
  const passAt = (
    when: Date,
    handlers: Record<string, JobDefinition>,
    extra: Partial<JobRunnerOptions> = {},
  ) =>
    runDueJobs(db(), {
      workerId: 'w1',
      pollMs: 10,
      handlers,
      schedules: [],
      log: quiet,
      now: () => when,
      ...extra,
    });

  it('schedules the next run at the cron time after the clock', async () => {
    const schedules = [
      { kind: 'quarterly', cron: '*/15 * * * *' },
      { kind: 'nightly', cron: '17 3 * * *' },
    ];
    expect(await ensureScheduled(db(), schedules, T0)).toBe(2);
    const pending = await db().select().from(jobs).where(isNull(jobs.doneAt));
    const runAt = (kind: string) => pending.find((j) => j.kind === kind)?.runAt.toISOString();
    expect(runAt('quarterly')).toBe('2026-03-01T10:30:00.000Z');
    expect(runAt('nightly')).toBe('2026-03-02T03:17:00.000Z');
    // A scheduled run is due at its time, not before.
    const ran: string[] = [];
    const handlers = { quarterly: async () => void ran.push('quarterly') };
    expect(await passAt(new Date('2026-03-01T10:29:59.999Z'), handlers)).toBe(0);
    expect(await passAt(new Date('2026-03-01T10:30:00.000Z'), handlers)).toBe(1);
    expect(ran).toEqual(['quarterly']);
  });

  it('retries a failing job after its kind’s backoff, measured from the failure', async () => {
    const errors: number[] = [];
    const handlers: Record<string, JobDefinition> = {
      flaky: {
        run: async ({ job }) => {
          errors.push(job.attempts);
          throw new Error(`attempt ${job.attempts} failed`);
        },
        maxAttempts: 4,
        backoffMs: (attempt) => 1000 * 3 ** attempt,
      },
    };
    const job = await enqueueJob(db(), 'flaky', {}, { runAt: T0 });
    await passAt(T0, handlers);
    expect((await row(job.id)).runAt).toEqual(at(3000));
    // Not a millisecond early.
    expect(await passAt(at(2999), handlers)).toBe(0);
    expect(await passAt(at(3000), handlers)).toBe(1);
    expect((await row(job.id)).runAt).toEqual(at(3000 + 9000));
    expect(await passAt(at(12_000), handlers)).toBe(1);
    expect((await row(job.id)).runAt).toEqual(at(12_000 + 27_000));
    expect(errors).toEqual([1, 2, 3]);
    expect(await row(job.id)).toMatchObject({
      attempts: 3,
      doneAt: null,
      deadAt: null,
      lastError: expect.stringContaining('attempt 3 failed'),
    });
  });

  it('gives a job up as dead after its kind’s last attempt, and never runs it again', async () => {
    let calls = 0;
    const handlers: Record<string, JobDefinition> = {
      doomed: {
        run: async () => {
          calls += 1;
          throw new Error('still broken');
        },
        maxAttempts: 2,
      },
    };
    const job = await enqueueJob(db(), 'doomed', {}, { runAt: T0 });
    // The runner's own limit (5) is for kinds without one.
    const options = { maxAttempts: 5, backoffMs: () => 1000 };
    await passAt(T0, handlers, options);
    await passAt(at(1000), handlers, options);
    const dead = await row(job.id);
    expect(dead).toMatchObject({
      attempts: 2,
      lockedAt: null,
      lastError: expect.stringContaining('still broken'),
    });
    expect(dead.deadAt).toEqual(at(1000));
    expect(dead.doneAt).toEqual(at(1000));
    expect(await passAt(at(3_600_000), handlers, options)).toBe(0);
    expect(calls).toBe(2);
  });

  it('claims a job again once the lease of a worker that died holding it has run out', async () => {
    const job = await enqueueJob(db(), 'report', {}, { runAt: T0 });
    // A worker claims it and dies (kill -9): it never completes nor fails the job.
    const claimed = await claimJob(db(), 'crashed-worker', ['report'], 60_000, T0);
    expect(claimed).toMatchObject({ id: job.id, attempts: 1, lockedBy: 'crashed-worker' });
    const ran: string[] = [];
    const handlers = { report: async ({ workerId }: { workerId: string }) => void ran.push(workerId) };
    const survivor = { workerId: 'survivor', leaseMs: 60_000 };
    expect(await passAt(at(60_000), handlers, survivor)).toBe(0);
    expect(await passAt(at(60_001), handlers, survivor)).toBe(1);
    expect(ran).toEqual(['survivor']);
    expect(await row(job.id)).toMatchObject({ attempts: 2, lockedBy: 'survivor', deadAt: null });
    expect((await row(job.id)).doneAt).toEqual(at(60_001));
  });

  it('a job whose worker died on its last attempt is dead, not run again', async () => {
    const job = await enqueueJob(db(), 'report', {}, { runAt: T0 });
    await claimJob(db(), 'crashed-worker', ['report'], 60_000, T0);
    const ran: number[] = [];
    const handlers: Record<string, JobDefinition> = {
      report: { run: async ({ job: j }) => void ran.push(j.id), maxAttempts: 1 },
    };
    expect(await passAt(at(60_001), handlers, { leaseMs: 60_000 })).toBe(1);
    expect(ran).toEqual([]);
    const dead = await row(job.id);
    expect(dead.deadAt).toEqual(at(60_001));
    expect(dead.lastError).toContain('gave up after 1 attempts');
  });

  it('keeps at most one pending job per kind and singleton key', async () => {
    const first = await enqueueJob(db(), 'send-report', { n: 1 }, { singletonKey: 'customer-a' });
    const again = await enqueueJob(db(), 'send-report', { n: 2 }, { singletonKey: 'customer-a' });
    const otherKey = await enqueueJob(db(), 'send-report', { n: 3 }, { singletonKey: 'customer-b' });
    const otherKind = await enqueueJob(db(), 'scan-domains', { n: 4 }, { singletonKey: 'customer-a' });
    expect(again.id).toBe(first.id);
    expect(again.payload).toEqual({ n: 1 });
    expect(new Set([first.id, otherKey.id, otherKind.id]).size).toBe(3);
    // Still one while it runs…
    const seen: number[] = [];
    const during: number[] = [];
    await passAt(new Date(), {
      'send-report': async ({ job }) => {
        seen.push(job.id);
        if (job.id === first.id) {
          during.push((await enqueueJob(db(), 'send-report', {}, { singletonKey: 'customer-a' })).id);
        }
      },
    });
    expect(during).toEqual([first.id]);
    expect(seen).toContain(first.id);
    // …and a new one may be queued once it is done.
    const next = await enqueueJob(db(), 'send-report', { n: 5 }, { singletonKey: 'customer-a' });
    expect(next.id).not.toBe(first.id);
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'send-report'), eq(jobs.singletonKey, 'customer-a'), isNull(jobs.doneAt)));
    expect(pending.map((j) => j.id)).toEqual([next.id]);
  });

  it('keeps one pending job when many callers enqueue the same singleton at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => enqueueJob(db(), 'reindex', { i }, { singletonKey: 'all' })),
    );
    expect(new Set(made.map((j) => j.id)).size).toBe(1);
    expect(await db().select().from(jobs).where(eq(jobs.kind, 'reindex'))).toHaveLength(1);
  });
});
