import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { replanSchedules, SCHEDULE_RECHECK_MS, SchedulePlanner } from '../../src/server/jobs/schedules.ts';
import type { JobHandler, JobLogger } from '../../src/server/jobs/types.ts';
import { backends, freshDatabase } from '../helpers/database.ts';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const schedules = [{ kind: 'tick', cron: '* * * * *' }];

/** A running loop's passes: one planner kept across them, each pass at the time given. */
describe.each(backends())('a loop plans its schedules on %s', (backend) => {
  let database: Database;
  let ticks: number;
  const handlers: Record<string, JobHandler> = { tick: async () => void ticks++ };
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
    ticks = 0;
  });

  const pass = (planner: SchedulePlanner, at: Date) =>
    runDueJobs(database.db, { workerId: 'w1', pollMs: 10, handlers, log: quiet, planner, now: () => at });
  const pending = () =>
    database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, 'tick'), isNull(jobs.doneAt)));
  const start = new Date('2026-03-01T10:15:30.000Z');
  const later = (ms: number) => new Date(start.getTime() + ms);

  it('plans at its first pass, and the next run right after it finished one', async () => {
    const planner = new SchedulePlanner(schedules);
    expect(await pass(planner, start)).toBe(0);
    expect((await pending()).map((job) => job.runAt.toISOString())).toEqual(['2026-03-01T10:16:00.000Z']);

    expect(await pass(planner, later(30_000))).toBe(1);
    expect(ticks).toBe(1);
    expect(await pass(planner, later(30_001))).toBe(0);
    expect((await pending()).map((job) => job.runAt.toISOString())).toEqual(['2026-03-01T10:17:00.000Z']);
  });

  it('plans again a run removed elsewhere at its next look, a minute on, not at every pass', async () => {
    const planner = new SchedulePlanner(schedules);
    await pass(planner, start);
    await database.db.delete(jobs);
    await pass(planner, later(1_000));
    expect(await pending()).toHaveLength(0);
    await pass(planner, later(SCHEDULE_RECHECK_MS));
    expect(await pending()).toHaveLength(1);
  });

  it('plans again at its next pass once the runs were planned again (the test clock)', async () => {
    const planner = new SchedulePlanner(schedules);
    await pass(planner, start);
    const wound = new Date('2026-03-01T12:00:30.000Z');
    // The runs planned before the clock moved are forgotten, and the next pass plans from the new time.
    await replanSchedules(database.db, new Date('2026-03-01T09:00:00.000Z'));
    expect(await pending()).toHaveLength(0);
    await pass(planner, wound);
    expect((await pending()).map((job) => job.runAt.toISOString())).toEqual(['2026-03-01T12:01:00.000Z']);
  });
});
