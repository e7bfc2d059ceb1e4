import { describe, expect, it } from 'vitest';
import { BASE, type CasesContext } from './helpers.ts';

/** aggregateCases: registered on the shared app of the enclosing backend. */
export function aggregateCasesSuite(ctx: CasesContext) {
  const { get, expectBadField } = ctx;
  describe('aggregateCases', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}aggregate/status/tags`)).statusCode).toBe(401);
    });

    it('rejects fields outside the list with 400', async () => {
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}aggregate/title/status`), 'params.a');
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}aggregate/status/risk_score`), 'params.b');
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}aggregate/status/tags?risk_min=9&risk_max=1`),
        'querystring.risk_min',
      );
    });

    it('never counts another customer’s cases', async () => {
      const response = await get(
        ctx.t.fixtures.acmeUser,
        `${BASE}aggregate/customer_id/tags?customer_ids=${ctx.t.fixtures.globex.customerId}`,
      );
      expect(response.json().buckets).toEqual([]);
      const own = (await get(ctx.t.fixtures.acmeUser, `${BASE}aggregate/customer_id/tags`)).json().buckets;
      expect(own.every((b: { a: string }) => b.a === ctx.t.fixtures.acme.customerId)).toBe(true);
      expect(own.some((b: { b: string }) => b.b === 'secret')).toBe(false);
    });

    it('counts cases per pair of values, one per tag, largest first', async () => {
      const filtered = (
        await get(ctx.t.fixtures.analyst, `${BASE}aggregate/status/tags?tags=even&tags=odd`)
      ).json().buckets;
      expect(filtered).toEqual([
        { a: 'open', b: 'even', count: 9 },
        { a: 'open', b: 'odd', count: 9 },
        { a: 'closed', b: 'even', count: 3 },
        { a: 'closed', b: 'odd', count: 2 },
      ]);
      const byCustomer = (
        await get(
          ctx.t.fixtures.analyst,
          `${BASE}aggregate/customer_id/customer_id?customer_ids=${ctx.t.fixtures.globex.customerId}`,
        )
      ).json();
      expect(byCustomer.buckets).toEqual([
        { a: ctx.t.fixtures.globex.customerId, b: ctx.t.fixtures.globex.customerId, count: 1 },
      ]);
      const assignees = (
        await get(ctx.t.fixtures.analyst, `${BASE}aggregate/assigned_users/status?query=Paged`)
      ).json().buckets;
      expect(assignees).toEqual([
        { a: null, b: 'open', count: 17 },
        { a: null, b: 'closed', count: 5 },
        { a: 'analyst@test.example', b: 'open', count: 1 },
      ]);
    });
  });
}
