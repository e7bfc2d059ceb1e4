import { describe, expect, it } from 'vitest';
import { BASE, type CustomersContext } from './helpers.ts';

/** createCustomer, updateCustomer, deleteCustomer. */
export function manageCustomersSuite(ctx: CustomersContext) {
  const missing = '00000000-0000-4000-8000-000000000000';

  describe('createCustomer', () => {
    it('creates a customer that staff then list, and audits it', async () => {
      const response = await ctx.call(ctx.t.fixtures.analyst, 'POST', `${BASE}?synchronous=true`, {
        name: '  Initech ',
        phone: '+44 20 7946 0000',
        email: 'it@initech.test',
        country_iso: 'gb',
        mdr: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Initech',
        phone: '+44 20 7946 0000',
        country_iso: 'GB',
        mdr: true,
        has_subscription: false,
        agent_count: 0,
        subscriptions: [],
      });
      const list = await ctx.call(ctx.t.fixtures.analyst, 'GET', BASE);
      expect(list.json().customers.map((c: { name: string }) => c.name)).toContain('Initech');
      const acme = await ctx.call(ctx.t.fixtures.acmeUser, 'GET', BASE);
      expect(acme.json().customers.map((c: { name: string }) => c.name)).toEqual(['Acme Test']);
    });

    it("validates with the spec's messages and creates nothing", async () => {
      const analyst = ctx.t.fixtures.analyst;
      const before = (await ctx.call(analyst, 'GET', BASE)).json().customers.length;
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', BASE, { name: 'X', phone: '12345' }),
        'body.phone',
        'Please enter a valid Phone Number',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', BASE, { name: 'X', email: 'not-an-email' }),
        'body.email',
        'Please enter a valid Email',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'POST', BASE, { name: '  ' }),
        'body.name',
        'This field is required.',
      );
      ctx.expectBadField(await ctx.call(analyst, 'POST', BASE, { phone: '+358401234567' }), 'body.name');
      ctx.expectBadField(await ctx.call(analyst, 'POST', BASE, { name: 'X', secret: 1 }), 'body.secret');
      ctx.expectBadField(await ctx.call(analyst, 'POST', BASE, { name: 'X\u0000' }), 'body.name');
      expect((await ctx.call(analyst, 'GET', BASE)).json().customers).toHaveLength(before);
    });

    it('refuses customer users and staff who may not change data', async () => {
      expect((await ctx.call(ctx.t.fixtures.acmeUser, 'POST', BASE, { name: 'Mine' })).statusCode).toBe(403);
      expect((await ctx.call(ctx.t.fixtures.viewer, 'POST', BASE, { name: 'Mine' })).statusCode).toBe(403);
    });
  });

  describe('updateCustomer', () => {
    it('changes the given fields only', async () => {
      const id = ctx.t.fixtures.acme.customerId;
      const response = await ctx.call(ctx.t.fixtures.analyst, 'PATCH', `${BASE}/${id}`, {
        city: 'Helsinki',
        compliance_sku: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Acme Test', city: 'Helsinki', compliance_sku: true });
    });

    it("answers 'A customer with the ID {id} was not found.' for an unknown one; a customer user is refused whatever the id", async () => {
      const { globex, acme } = ctx.t.fixtures;
      // Refused before the id is looked at: the same answer for another customer's id as for their own.
      const hidden = await ctx.call(ctx.t.fixtures.acmeUser, 'PATCH', `${BASE}/${globex.customerId}`, {
        name: 'Mine',
      });
      const own = await ctx.call(ctx.t.fixtures.acmeUser, 'PATCH', `${BASE}/${acme.customerId}`, {
        name: 'Mine',
      });
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json()).toEqual(own.json());
      const unknown = await ctx.call(ctx.t.fixtures.analyst, 'PATCH', `${BASE}/${missing}`, { name: 'X' });
      expect(unknown.json().error.message).toBe(`A customer with the ID ${missing} was not found.`);
    });

    it('refuses a customer user on their own customer, and bad input', async () => {
      const acme = ctx.t.fixtures.acme.customerId;
      expect(
        (await ctx.call(ctx.t.fixtures.acmeUser, 'PATCH', `${BASE}/${acme}`, { name: 'X' })).statusCode,
      ).toBe(403);
      ctx.expectBadField(
        await ctx.call(ctx.t.fixtures.analyst, 'PATCH', `${BASE}/${acme}`, { email: 'x@' }),
        'body.email',
        'Please enter a valid Email',
      );
      ctx.expectBadField(await ctx.call(ctx.t.fixtures.analyst, 'PATCH', `${BASE}/${acme}`, {}), 'body');
    });
  });

  describe('deleteCustomer', () => {
    it('keeps a customer that still has agents, alerts or cases, saying how many', async () => {
      const acme = ctx.t.fixtures.acme.customerId;
      const response = await ctx.call(ctx.t.fixtures.analyst, 'DELETE', `${BASE}/${acme}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'Unable to delete customer: it still has 2 agents, 3 alerts and 1 cases.',
      );
    });

    it('deletes an empty customer with its subscriptions; 404 afterwards', async () => {
      const analyst = ctx.t.fixtures.analyst;
      const created = (await ctx.call(analyst, 'POST', BASE, { name: 'Short lived' })).json();
      const id = created.customer_id as string;
      await ctx.call(analyst, 'POST', `${BASE}/${id}/subscriptions`, { product: 'EDR', billing: 'endpoint' });
      // A customer user may delete no customer: refused before the id is looked at.
      expect((await ctx.call(ctx.t.fixtures.acmeUser, 'DELETE', `${BASE}/${id}`)).statusCode).toBe(403);
      expect((await ctx.call(analyst, 'DELETE', `${BASE}/${id}`)).statusCode).toBe(204);
      expect((await ctx.call(analyst, 'DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
      const names = (await ctx.call(analyst, 'GET', BASE))
        .json()
        .customers.map((c: { name: string }) => c.name);
      expect(names).not.toContain('Short lived');
    });
  });
}
