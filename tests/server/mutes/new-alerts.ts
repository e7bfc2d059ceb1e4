import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mutes } from '../../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { BASE, hostIs, type MutesContext } from './helpers.ts';

/** mutes and new alerts (createAlert): registered on the shared app of the enclosing backend. */
export function newAlertsSuite(ctx: MutesContext) {
  const { get, post, create, acmeMute } = ctx;
  describe('mutes and new alerts (createAlert)', () => {
    it('an alert raised while a mute matches is muted; after the expiry job, the next one is not', async () => {
      const created = (await create(acmeMute({ conditions: hostIs('ACME-LIVE'), ttl_seconds: 600 }))).json();
      const raise = () =>
        post(ctx.t.fixtures.analyst, '/api/alerts/v1/alerts/', {
          customer_id: ctx.t.fixtures.acme.customerId,
          title: 'Port scan',
          type: 'ids',
          host_name: 'acme-live',
        });
      const muted = await raise();
      expect(muted.statusCode, muted.body).toBe(201);
      expect(muted.json().status).toBe('muted');
      await ctx.t.database.db
        .update(mutes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(mutes.id, created.id));
      await enqueueJob(ctx.t.database.db, 'expire-mutes');
      const lines: string[] = [];
      const log = {
        info: (m: string) => lines.push(m),
        warn: (m: string) => lines.push(m),
        error: (m: string) => lines.push(m),
      };
      await runDueJobs(ctx.t.database.db, { workerId: 'test', pollMs: 10, log });
      expect(lines.some((l) => /^expire-mutes: \d+ mutes? expired$/.test(l))).toBe(true);
      expect((await get(ctx.t.fixtures.analyst, `${BASE}${created.id}`)).json()).toMatchObject({
        state: 'expired',
        version: 2,
      });
      const after = await raise();
      expect(after.statusCode).toBe(201);
      expect(after.json().status).toBe('new');
    });
  });
}
