import { describe, expect, it } from 'vitest';
import { BASE, hostIs, MISSING, type MutesContext } from './helpers.ts';

/** getMute: registered on the shared app of the enclosing backend. */
export function getMuteSuite(ctx: MutesContext) {
  const { get, expectBadField } = ctx;
  describe('getMute', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}${ctx.mute['acme active']}`)).statusCode).toBe(401);
    });

    it('rejects a malformed id with 400', async () => {
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}not-a-uuid`), 'params.mute_id');
    });

    it('answers 404 for another customer’s mute and for an unknown id', async () => {
      for (const id of [ctx.mute['globex secret mute'], MISSING]) {
        const response = await get(ctx.t.fixtures.acmeUser, `${BASE}${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({
          code: 'not_found',
          message: `Mute ${id} was not found.`,
        });
      }
    });

    it('returns the mute with its remaining time to live', async () => {
      const response = await get(ctx.t.fixtures.acmeUser, `${BASE}${ctx.mute['acme active']}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: ctx.mute['acme active'],
        state: 'active',
        conditions: hostIs('ACME-A'),
        version: 1,
      });
      expect(body.ttl_seconds).toBeGreaterThan(3500);
      expect(body.ttl_seconds).toBeLessThanOrEqual(3600);
    });
  });
}
