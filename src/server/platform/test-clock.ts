import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.ts';
import { badRequest } from '../errors.ts';
import { replanSchedules } from '../jobs/schedules.ts';

/**
 * A clock the end-to-end tests may wind forward, so a journey that waits on background work due
 * minutes later (an escalation's next step) takes seconds. On only with WATCHFLOOR_TEST_CLOCK=1,
 * which the end-to-end server sets (playwright.config.ts) and a production start refuses
 * (config.ts): the job runners then read the time from here, and `PUT /test/clock` sets how far
 * ahead of the wall clock they are. Requests keep the wall clock.
 */
let offsetMs = 0;

/** The wall clock plus the tests' offset. */
export const testClockNow = () => new Date(Date.now() + offsetMs);

/** At most a day either way: enough for any wait a journey crosses. */
const MAX_OFFSET_SECONDS = 24 * 60 * 60;

/** `PUT /test/clock` `{ "offset_seconds": 60 }`: the job runners' time, this far ahead of the wall clock. */
export async function testClockRoutes(app: FastifyInstance, options: { db: Db }) {
  offsetMs = 0;
  app.put('/test/clock', async (request) => {
    const body = request.body as { offset_seconds?: unknown } | null;
    const seconds = body?.offset_seconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds))
      throw badRequest('offset_seconds', 'must be a whole number of seconds');
    if (Math.abs(seconds) > MAX_OFFSET_SECONDS)
      throw badRequest('offset_seconds', `must be within ${MAX_OFFSET_SECONDS} seconds of the wall clock`);
    offsetMs = seconds * 1000;
    // Runs planned at the old time are planned again at the new one, whichever way it moved.
    await replanSchedules(options.db, testClockNow());
    return { offset_seconds: seconds, now: testClockNow().toISOString() };
  });
}
