import { describe, expect, it } from 'vitest';
import { BASE, type MutesContext } from './helpers.ts';

/** listMutes: registered on the shared app of the enclosing backend. */
export function listMutesSuite(ctx: MutesContext) {
  const { get, expectBadField } = ctx;
  describe('listMutes', () => {
    it('requires sign-in', async () => {
      expect((await get(null, BASE)).statusCode).toBe(401);
    });

    it('rejects an unknown state with 400', async () => {
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?state=sleeping`), 'querystring.state');
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?customer_ids=nope`),
        'querystring.customer_ids[0]',
      );
    });

    it('never lists another customer’s mutes, even when asked for by customer', async () => {
      for (const query of ['', `?customer_ids=${ctx.t.fixtures.globex.customerId}`]) {
        const response = await get(ctx.t.fixtures.acmeUser, `${BASE}${query}`);
        expect(response.statusCode).toBe(200);
        const descriptions = response.json().mutes.map((m: { description: string }) => m.description);
        expect(descriptions).not.toContain('globex secret mute');
      }
    });

    it('filters by state; an active mute past its expiry already shows as expired', async () => {
      const byState = async (state: string) =>
        (await get(ctx.t.fixtures.acmeUser, `${BASE}?state=${state}`))
          .json()
          .mutes.map((m: { description: string }) => m.description);
      expect(await byState('active')).toContain('acme active');
      expect(await byState('active')).not.toContain('acme past due');
      expect(await byState('inactive')).toEqual(['acme inactive']);
      expect((await byState('expired')).sort()).toEqual(['acme expired', 'acme past due']);
      const all = (await get(ctx.t.fixtures.analyst, BASE)).json().mutes;
      const pastDue = all.find((m: { description: string }) => m.description === 'acme past due');
      expect(pastDue).toMatchObject({ state: 'expired', ttl_seconds: null });
      expect(all.find((m: { description: string }) => m.description === 'globex secret mute')).toBeTruthy();
    });
  });
}
