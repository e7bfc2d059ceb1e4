import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { runUntilStoppedAndKill } from '../helpers/child-process.ts';
import { backends, databaseForProcesses } from '../helpers/database.ts';

const LEASE_MS = 60_000;
const worker = new URL('../helpers/claim-job-and-hang.ts', import.meta.url);

/** Starts a worker process that claims a job of `kind`, waits for its claim, then kills it with SIGKILL. */
const claimAndCrash = (where: string, kind: string) =>
  runUntilStoppedAndKill(worker, [where, kind, String(LEASE_MS)]);

describe.each(backends())('a worker killed while holding a job, on %s', (backend) => {
  it('leaves the job to be claimed again once its lease runs out', { timeout: 60_000 }, async () => {
    const place = await databaseForProcesses(backend, 'crash');
    let database: Database | undefined;
    try {
      database = await place.open();
      const job = await enqueueJob(database.db, 'report');
      // PGlite is one process's at a time: let the worker have the directory.
      if (backend === 'pglite') await database.close();
      expect(await claimAndCrash(place.where, 'report')).toBe(`claimed ${job.id}`);
      if (backend === 'pglite') database = await place.open();
      const db = database!.db;
      const [held] = await db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(held).toMatchObject({ attempts: 1, doneAt: null });
      expect(held!.lockedBy).toMatch(/^doomed:/);

      const ran: number[] = [];
      const options = {
        workerId: 'survivor',
        pollMs: 10,
        handlers: { report: async ({ job: j }: { job: { id: number } }) => void ran.push(j.id) },
        schedules: [],
        leaseMs: LEASE_MS,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      };
      const claimedAt = held!.lockedAt!.getTime();
      expect(await runDueJobs(db, { ...options, now: () => new Date(claimedAt + LEASE_MS - 1000) })).toBe(0);
      expect(await runDueJobs(db, { ...options, now: () => new Date(claimedAt + LEASE_MS + 1) })).toBe(1);
      expect(ran).toEqual([job.id]);
      const [done] = await db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(done).toMatchObject({ attempts: 2, lockedBy: 'survivor', deadAt: null });
      expect(done!.doneAt).toBeInstanceOf(Date);
    } finally {
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
