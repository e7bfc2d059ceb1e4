import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mutes } from '../../../src/server/db/schema/index.ts';
import { BASE, hostIs, type MutesContext } from './helpers.ts';

/** updateMute: registered on the shared app of the enclosing backend. */
export function updateMuteSuite(ctx: MutesContext) {
  const { get, put, create, acmeMute, expectBadField } = ctx;
  describe('updateMute', () => {
    it('requires sign-in', async () => {
      expect(
        (await put(null, `${BASE}${ctx.mute['acme active']}`, { version: 1, description: 'x' })).statusCode,
      ).toBe(401);
    });

    it('rejects bad input with 400', async () => {
      const url = `${BASE}${ctx.mute['acme active']}`;
      expectBadField(await put(ctx.t.fixtures.analyst, url, { description: 'x' }), 'body.version');
      expectBadField(await put(ctx.t.fixtures.analyst, url, { version: 1 }), 'body');
      expectBadField(
        await put(ctx.t.fixtures.analyst, url, { version: 1, conditions: [] }),
        'body.conditions',
      );
      expectBadField(
        await put(ctx.t.fixtures.analyst, url, { version: 1, ttl_seconds: 5 }),
        'body.ttl_seconds',
      );
      expectBadField(await put(ctx.t.fixtures.analyst, url, { version: 1, state: 'active' }), 'body.state');
      expectBadField(
        await put(ctx.t.fixtures.analyst, `${BASE}nope`, { version: 1, description: 'x' }),
        'params.mute_id',
      );
    });

    it('answers 404 for another customer’s mute and changes nothing', async () => {
      const id = ctx.mute['globex secret mute']!;
      const response = await put(ctx.t.fixtures.acmeUser, `${BASE}${id}`, {
        version: 1,
        description: 'hijacked',
      });
      expect(response.statusCode).toBe(404);
      const [row] = await ctx.t.database.db.select().from(mutes).where(eq(mutes.id, id));
      expect(row!.description).toBe('globex secret mute');
    });

    it('answers 409 to a stale version', async () => {
      const created = (await create(acmeMute())).json();
      const url = `${BASE}${created.id}`;
      expect((await put(ctx.t.fixtures.analyst, url, { version: 1, description: 'first' })).statusCode).toBe(
        200,
      );
      const stale = await put(ctx.t.fixtures.acmeUser, url, { version: 1, description: 'second' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('conflict');
      expect((await get(ctx.t.fixtures.analyst, url)).json()).toMatchObject({
        description: 'first',
        version: 2,
      });
    });

    it('changes conditions and description without touching the state', async () => {
      const id = ctx.mute['acme inactive']!;
      const response = await put(ctx.t.fixtures.acmeUser, `${BASE}${id}`, {
        version: 1,
        conditions: hostIs('ACME-I2'),
        description: 'edited',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        state: 'inactive',
        description: 'edited',
        conditions: hostIs('ACME-I2'),
        version: 2,
      });
    });

    it('re-activates an expired mute given a new expiry', async () => {
      const id = ctx.mute['acme expired']!;
      const response = await put(ctx.t.fixtures.acmeUser, `${BASE}${id}`, { version: 1, ttl_seconds: 3600 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'active', version: 2 });
      expect(Date.parse(response.json().expires_at)).toBeGreaterThan(Date.now() + 3_500_000);
    });
  });
}
