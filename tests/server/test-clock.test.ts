import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { jobs } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { testClockNow } from '../../src/server/platform/test-clock.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The clock the end-to-end tests wind (platform/test-clock.ts): there only when asked for. */
describe('the test clock', () => {
  it('is off unless WATCHFLOOR_TEST_CLOCK=1, and a production start refuses it', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ WATCHFLOOR_TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ WATCHFLOOR_TEST_CLOCK: 'yes' })).toThrow(/WATCHFLOOR_TEST_CLOCK must be 1/);
    expect(() => loadConfig({ WATCHFLOOR_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      /never on with NODE_ENV=production/,
    );
  });

  describe('without the flag', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite');
    });
    afterAll(() => t.close());

    it('has no route to wind it', async () => {
      const response = await t.as(t.fixtures.admin, {
        method: 'PUT',
        url: '/test/clock',
        payload: { offset_seconds: 60 },
      });
      expect(response.statusCode).toBe(404);
      expect(t.app.routeTable.some((route) => route.url.includes('clock'))).toBe(false);
    });
  });

  describe('with WATCHFLOOR_TEST_CLOCK=1', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { WATCHFLOOR_TEST_CLOCK: '1' });
    });
    afterAll(async () => {
      await t.app.inject({ method: 'PUT', url: '/test/clock', payload: { offset_seconds: 0 } });
      await t.close();
    });

    it('refuses an offset that is not whole seconds within a day, naming the field', async () => {
      for (const offset_seconds of ['60', 1.5, null, 86_401, -86_401]) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/test/clock',
          payload: { offset_seconds },
        });
        expect(response.statusCode, JSON.stringify(offset_seconds)).toBe(400);
        expect(response.json().error.details).toEqual([
          { field: 'offset_seconds', reason: expect.any(String) },
        ]);
      }
    });

    it('moves the job runners a minute on: a job due in a minute runs now', async () => {
      const ran: string[] = [];
      const handlers = { 'clock-probe': async () => void ran.push('probe') };
      await enqueueJob(t.database.db, 'clock-probe', {}, { runAt: new Date(Date.now() + 60_000) });
      const options = { workerId: 'clock-test', pollMs: 1000, handlers, schedules: [], now: testClockNow };
      expect(await runDueJobs(t.database.db, options)).toBe(0);

      const wound = await t.app.inject({
        method: 'PUT',
        url: '/test/clock',
        payload: { offset_seconds: 61 },
      });
      expect(wound.statusCode).toBe(200);
      expect(wound.json().offset_seconds).toBe(61);
      expect(testClockNow().getTime() - Date.now()).toBeGreaterThan(60_000);
      expect(await runDueJobs(t.database.db, options)).toBe(1);
      expect(ran).toEqual(['probe']);

      await t.app.inject({ method: 'PUT', url: '/test/clock', payload: { offset_seconds: 0 } });
      expect(Math.abs(testClockNow().getTime() - Date.now())).toBeLessThan(1_000);
    });

    it('set back, plans a schedule again from the new time instead of leaving its run hours ahead', async () => {
      const ran: string[] = [];
      const handlers = { 'clock-schedule': async () => void ran.push('scheduled') };
      const schedules = [{ kind: 'clock-schedule', cron: '* * * * *' }];
      const options = { workerId: 'clock-test', pollMs: 1000, handlers, schedules, now: testClockNow };
      const setClock = (offset_seconds: number) =>
        t.app.inject({ method: 'PUT', url: '/test/clock', payload: { offset_seconds } });
      const pendingRunAt = async () => {
        const [row] = await t.database.db
          .select({ runAt: jobs.runAt })
          .from(jobs)
          .where(and(eq(jobs.kind, 'clock-schedule'), isNull(jobs.doneAt)));
        return row?.runAt;
      };

      // Planned while the clock stands three hours ahead: its next minute is three hours away.
      expect((await setClock(3 * 3600)).statusCode).toBe(200);
      expect(await runDueJobs(t.database.db, options)).toBe(0);
      expect((await pendingRunAt())!.getTime() - Date.now()).toBeGreaterThan(3 * 3600_000 - 5_000);

      // Set back, then a minute on: the run is due, as it would be had the clock never moved.
      expect((await setClock(0)).statusCode).toBe(200);
      expect(await runDueJobs(t.database.db, options)).toBe(0);
      expect((await pendingRunAt())!.getTime() - Date.now()).toBeLessThan(61_000);
      expect((await setClock(61)).statusCode).toBe(200);
      expect(await runDueJobs(t.database.db, options)).toBe(1);
      expect(ran).toEqual(['scheduled']);
      await setClock(0);
    });
  });
});
