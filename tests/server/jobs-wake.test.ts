import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { startJobRunner } from '../../src/server/jobs/runner.ts';
import { backends, freshDatabase } from '../helpers/database.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Longer than any test may take: a loop that only polled would not look again before it ends. */
const HOUR = 3_600_000;

describe.each(backends())('a waiting job loop is told of new jobs, on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a job of its kinds added while it waits for its next poll, and is not woken by others', async () => {
    const db = database.db;
    const ran: string[] = [];
    let told: () => void = () => undefined;
    const runJob = (name: string) => async () => {
      ran.push(name);
      told();
    };
    const runner = startJobRunner(db, {
      workerId: 'told',
      pollMs: HOUR,
      handlers: { mine: runJob('mine') },
      schedules: [],
      log: quiet,
      jobsDue: database.jobsDue,
    });
    try {
      // Its first pass found nothing; the next poll is an hour away. A notice heard here shows the
      // database's notices reach this process (PostgreSQL listens on a connection of its own, which
      // may still be opening): jobs of another kind are added until one is heard.
      let heard = false;
      const stopHearing = database.jobsDue((kind) => {
        if (kind === 'not-mine') heard = true;
      });
      const others: number[] = [];
      while (!heard) {
        others.push((await enqueueJob(db, 'not-mine')).id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      stopHearing();
      const later = await enqueueJob(db, 'mine', {}, { runAt: new Date(Date.now() + HOUR) });
      const done = new Promise<void>((resolve) => {
        told = resolve;
      });
      const mine = await enqueueJob(db, 'mine');
      await done;
      const state = async (id: number) =>
        (await db.select({ doneAt: jobs.doneAt }).from(jobs).where(eq(jobs.id, id)))[0]?.doneAt ?? null;
      expect(ran).toEqual(['mine']);
      await runner.stop();
      expect(await state(mine.id)).not.toBeNull();
      for (const other of others) expect(await state(other)).toBeNull();
      expect(await state(later.id)).toBeNull();
    } finally {
      await runner.stop();
    }
  });
});
