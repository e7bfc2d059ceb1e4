import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findMatchingMute } from '../../src/server/areas/mutes/index.ts';
import type { Database } from '../../src/server/db/client.ts';
import { jobs, mutes } from '../../src/server/db/schema/index.ts';
import { resultRows } from '../../src/server/db/tenancy.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { runDueJobs, startJobRunner } from '../../src/server/jobs/runner.ts';
import { ensureScheduled, nextRun } from '../../src/server/jobs/schedules.ts';
import type { JobHandler, JobLogger } from '../../src/server/jobs/types.ts';
import { backends, freshDatabase } from '../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps what the runner logs, for assertions and a quiet test output. */
function memoryLog(): JobLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe('schedules', () => {
  it('compute the next run from the cron pattern, in UTC', () => {
    const from = new Date('2026-03-01T10:15:30.000Z');
    expect(nextRun({ kind: 'k', cron: '* * * * *' }, from)?.toISOString()).toBe('2026-03-01T10:16:00.000Z');
    expect(nextRun({ kind: 'k', cron: '0 9 * * 1-5' }, from)?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });
});

describe.each(backends())('job runner on %s', (backend) => {
  let database: Database;
  let f: Fixtures;
  beforeAll(async () => {
    database = await freshDatabase(backend);
    f = await insertFixtures(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  const db = () => database.db;

  it('runs a due job once and marks it done; a job due later waits', async () => {
    const seen: unknown[] = [];
    const handlers: Record<string, JobHandler> = { echo: async ({ job }) => void seen.push(job.payload) };
    const due = await enqueueJob(db(), 'echo', { n: 1 });
    const later = await enqueueJob(db(), 'echo', { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) });
    const log = memoryLog();
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, handlers, schedules: [], log })).toBe(1);
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, handlers, schedules: [], log })).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const [done] = await db().select().from(jobs).where(eq(jobs.id, due.id));
    expect(done).toMatchObject({ attempts: 1, lockedBy: 'w1', lastError: null });
    expect(done!.doneAt).toBeInstanceOf(Date);
    const [waiting] = await db().select().from(jobs).where(eq(jobs.id, later.id));
    expect(waiting).toMatchObject({ attempts: 0, doneAt: null, lockedBy: null });
  });

  it('a job enqueued for now is due to a claim made in the same millisecond', async () => {
    const job = await enqueueJob(db(), 'echo', { n: 1 });
    const options = { workerId: 'w1', pollMs: 10, schedules: [], log: memoryLog() };
    const handlers: Record<string, JobHandler> = { echo: async () => {} };
    expect(await runDueJobs(db(), { ...options, handlers, now: () => job.runAt })).toBe(1);
  });

  it('claims only the kinds it has handlers for', async () => {
    const other = await enqueueJob(db(), 'someone-elses-kind');
    expect(
      await runDueJobs(db(), { workerId: 'w1', pollMs: 10, handlers: {}, schedules: [], log: memoryLog() }),
    ).toBe(0);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, other.id));
    expect(row).toMatchObject({ attempts: 0, doneAt: null });
  });

  it('retries a failing job with backoff, keeps the last error, and gives up after the last attempt', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      flaky: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    };
    const job = await enqueueJob(db(), 'flaky');
    const log = memoryLog();
    const options = { workerId: 'w1', pollMs: 10, handlers, schedules: [], log, maxAttempts: 3 };
    await runDueJobs(db(), { ...options, backoffMs: () => 3_600_000 });
    let [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ attempts: 1, doneAt: null, lockedBy: null });
    expect(row!.lastError).toContain('boom 1');
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect(log.lines.at(-1)).toMatch(
      /^warn job \d+ \(flaky\) failed on attempt 1: boom 1; retrying in 3600 s$/,
    );
    // With no wait between attempts, the next pass retries until the attempts run out.
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await runDueJobs(db(), { ...options, backoffMs: () => 0 });
    [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(calls).toBe(3);
    expect(row).toMatchObject({ attempts: 3 });
    expect(row!.doneAt).toBeInstanceOf(Date);
    expect(row!.lastError).toContain('boom 3');
    expect(log.lines.at(-1)).toMatch(/giving up$/);
  });

  it('takes back a job whose worker died holding it, once the lease has run out', async () => {
    const job = await enqueueJob(db(), 'echo');
    await db()
      .update(jobs)
      .set({ lockedBy: 'dead-worker', lockedAt: new Date(Date.now() - 60_000), attempts: 1 })
      .where(eq(jobs.id, job.id));
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = { echo: async ({ job: j }) => void ran.push(j.id) };
    expect(
      await runDueJobs(db(), {
        workerId: 'w2',
        pollMs: 10,
        handlers,
        schedules: [],
        log: memoryLog(),
        leaseMs: 120_000,
      }),
    ).toBe(0);
    expect(
      await runDueJobs(db(), {
        workerId: 'w2',
        pollMs: 10,
        handlers,
        schedules: [],
        log: memoryLog(),
        leaseMs: 30_000,
      }),
    ).toBe(1);
    expect(ran).toEqual([job.id]);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ attempts: 2, lockedBy: 'w2' });
  });

  it('schedules one pending run per schedule, even when many workers ask at once', async () => {
    const schedules = [{ kind: 'expire-mutes', cron: '* * * * *' }];
    const added = await Promise.all(Array.from({ length: 6 }, () => ensureScheduled(db(), schedules)));
    expect(added.reduce((a, b) => a + b, 0)).toBe(1);
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'expire-mutes'), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);
    const runAt = pending[0]!.runAt;
    expect(runAt.getUTCSeconds()).toBe(0);
    expect(runAt.getTime()).toBeGreaterThan(Date.now());
    expect(runAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await ensureScheduled(db(), schedules)).toBe(0);
  });

  it('two runners side by side run each job exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handlers: Record<string, JobHandler> = {
      work: async ({ job, workerId }) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), workerId]);
        await sleep(3);
      },
    };
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueueJob(db(), 'work', { i })).id);
    const log = memoryLog();
    const runners = ['runner-a', 'runner-b'].map((workerId) =>
      startJobRunner(db(), { workerId, pollMs: 5, handlers, schedules: [], log }),
    );
    try {
      await waitFor(
        async () => (await db().select({ id: jobs.id }).from(jobs).where(isNull(jobs.doneAt))).length === 0,
      );
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const [id, workers] of runs) expect(workers, `job ${id}`).toHaveLength(1);
    const rows = await db().select().from(jobs);
    expect(rows.every((r) => r.attempts === 1 && r.doneAt !== null)).toBe(true);
    if (backend === 'postgres') {
      // Real concurrency on PostgreSQL: both runners took a share.
      const byWorker = new Set(rows.map((r) => r.lockedBy));
      expect(byWorker).toEqual(new Set(['runner-a', 'runner-b']));
    }
    expect(log.lines.filter((l) => !l.startsWith('info'))).toEqual([]);
  });

  it('claims a batch in due order, tells each job how many wait behind it, and gives the rest back when stopped', async () => {
    const start = Date.now() - 10_000;
    // Due in the order n = 3, 2, 1, 0.
    for (let n = 0; n < 4; n++)
      await enqueueJob(db(), 'batched', { n }, { runAt: new Date(start + (3 - n) * 1000) });
    const seen: [unknown, number | undefined][] = [];
    let stopping = false;
    const handlers: Record<string, JobHandler> = {
      batched: async ({ job, claimedBehind }) => {
        seen.push([job.payload.n, claimedBehind]);
        if (seen.length === 2) stopping = true;
      },
    };
    const options = { workerId: 'w1', pollMs: 10, handlers, schedules: [], log: memoryLog(), batch: 3 };
    expect(await runDueJobs(db(), options, () => stopping)).toBe(2);
    expect(seen).toEqual([
      [3, 2],
      [2, 1],
    ]);
    const state = async () =>
      (await db().select().from(jobs).orderBy(jobs.runAt)).map((row) => [
        row.payload.n,
        row.doneAt !== null,
        row.lockedBy,
        row.attempts,
      ]);
    // The third was claimed with them and given back, its attempt not counted; the fourth never claimed.
    expect(await state()).toEqual([
      [3, true, 'w1', 1],
      [2, true, 'w1', 1],
      [1, false, null, 0],
      [0, false, null, 0],
    ]);
    stopping = false;
    expect(await runDueJobs(db(), options)).toBe(2);
    expect(seen.slice(2)).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect((await state()).map(([, done, , attempts]) => [done, attempts])).toEqual([
      [true, 1],
      [true, 1],
      [true, 1],
      [true, 1],
    ]);
  });

  it('stops: no job is claimed after stop() resolves', async () => {
    const runner = startJobRunner(db(), {
      workerId: 'w3',
      pollMs: 5,
      handlers: { late: async () => undefined },
      schedules: [],
      log: memoryLog(),
    });
    await runner.stop();
    const job = await enqueueJob(db(), 'late');
    await sleep(50);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ attempts: 0, doneAt: null });
  });

  it('vacuum-analyze: refreshes the planner statistics of the alerts table', async () => {
    const analysed = async () => {
      const result = await db().execute(sql`select reltuples from pg_class where relname = 'alerts'`);
      return Number((resultRows<{ reltuples: number }>(result)[0] ?? { reltuples: -1 }).reltuples);
    };
    await db().execute(sql`insert into alerts (customer_id, title, type)
      select ${f.acme.customerId}::uuid, 'Analysed ' || g, 'execution' from generate_series(1, 50) g`);
    const job = await enqueueJob(db(), 'vacuum-analyze');
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, schedules: [], log: memoryLog() })).toBe(1);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(await analysed()).toBeGreaterThanOrEqual(50);
    await db().execute(sql`delete from alerts where title like 'Analysed %'`);
  });

  it('expire-mutes: a mute that expired a second ago is expired after one run, and mutes no new alert', async () => {
    const conditions = [{ field: 'host_name', operator: 'equals', value: 'ACME-EXP' }];
    const [gone, live, globexGone] = await db()
      .insert(mutes)
      .values([
        {
          customerId: f.acme.customerId,
          conditions,
          description: 'gone',
          expiresAt: new Date(Date.now() - 1000),
        },
        {
          customerId: f.acme.customerId,
          conditions,
          description: 'live',
          expiresAt: new Date(Date.now() + 3_600_000),
          state: 'inactive',
        },
        {
          customerId: f.globex.customerId,
          conditions,
          description: 'globex gone',
          expiresAt: new Date(Date.now() - 1000),
        },
      ])
      .returning();
    await enqueueJob(db(), 'expire-mutes');
    const log = memoryLog();
    // The default handlers and schedules: what the server runs.
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, log })).toBe(1);
    const after = await db().select().from(mutes);
    const state = (id: string) => after.find((m) => m.id === id);
    expect(state(gone!.id)).toMatchObject({ state: 'expired', version: 2 });
    expect(state(globexGone!.id)).toMatchObject({ state: 'expired', version: 2 });
    expect(state(live!.id)).toMatchObject({ state: 'inactive', version: 1 });
    expect(log.lines).toContain('info expire-mutes: 2 mutes expired');
    const alert = {
      customerId: f.acme.customerId,
      title: 'New',
      type: 'edr',
      priority: 'low',
      hostName: 'ACME-EXP',
      externalSource: null,
      fields: {},
    };
    expect(await findMatchingMute(db(), alert)).toBeNull();
    // The next pass schedules the next regular run (none was due to be added while this one waited).
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, log })).toBe(0);
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'expire-mutes'), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);
  });
});
