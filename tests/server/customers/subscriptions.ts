import { describe, expect, it } from 'vitest';
import { BASE, type CustomersContext } from './helpers.ts';

/** createCustomerSubscription, updateCustomerSubscription: an active subscription makes a customer active. */
export function subscriptionsSuite(ctx: CustomersContext) {
  describe('customer subscriptions', () => {
    it('adds a subscription, and the customer is active only while one is active', async () => {
      const analyst = ctx.t.fixtures.analyst;
      const id = (await ctx.call(analyst, 'POST', BASE, { name: 'Subscribed' })).json().customer_id as string;
      const added = await ctx.call(analyst, 'POST', `${BASE}/${id}/subscriptions`, {
        product: 'Managed EDR',
        billing: 'gigabyte',
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        has_subscription: true,
        subscriptions: [{ product: 'Managed EDR', billing: 'gigabyte', status: 'active' }],
      });
      const subscriptionId = added.json().subscriptions[0].subscription_id;
      const suspended = await ctx.call(analyst, 'PATCH', `${BASE}/${id}/subscriptions/${subscriptionId}`, {
        status: 'suspended',
      });
      expect(suspended.json()).toMatchObject({
        has_subscription: false,
        subscriptions: [{ status: 'suspended' }],
      });
      const active = await ctx.call(analyst, 'GET', `${BASE}?active_only=true`);
      expect(active.json().customers.map((c: { name: string }) => c.name)).not.toContain('Subscribed');
    });

    it('validates product, billing and status', async () => {
      const analyst = ctx.t.fixtures.analyst;
      const url = `${BASE}/${ctx.t.fixtures.acme.customerId}/subscriptions`;
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', url, { product: 'X', billing: 'seat' }),
        'body.billing',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', url, { product: '', billing: 'user' }),
        'body.product',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', url, { product: 'X', billing: 'user', status: 'gone' }),
        'body.status',
      );
    });

    it("never reaches another customer's subscriptions", async () => {
      const analyst = ctx.t.fixtures.analyst;
      const globex = ctx.t.fixtures.globex.customerId;
      const added = await ctx.call(analyst, 'POST', `${BASE}/${globex}/subscriptions`, {
        product: 'SIEM',
        billing: 'user',
      });
      const subscriptionId = added.json().subscriptions[0].subscription_id;
      const acmeUser = ctx.t.fixtures.acmeUser;
      const patch = await ctx.call(acmeUser, 'PATCH', `${BASE}/${globex}/subscriptions/${subscriptionId}`, {
        status: 'cancelled',
      });
      // A customer user may change no subscription: refused before the ids are looked at.
      expect(patch.statusCode).toBe(403);
      // Through another customer's path the subscription is not found either.
      const acme = ctx.t.fixtures.acme.customerId;
      const crossed = await ctx.call(analyst, 'PATCH', `${BASE}/${acme}/subscriptions/${subscriptionId}`, {
        status: 'cancelled',
      });
      expect(crossed.statusCode).toBe(404);
      const own = await ctx.call(acmeUser, 'POST', `${BASE}/${acme}/subscriptions`, {
        product: 'X',
        billing: 'user',
      });
      expect(own.statusCode).toBe(403);
    });
  });
}
