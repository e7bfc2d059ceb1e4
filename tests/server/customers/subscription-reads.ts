import { describe, expect, it } from 'vitest';
import { customerSubscriptions, customers, partners } from '../../../src/server/db/schema/index.ts';
import { BASE, type CustomersContext } from './helpers.ts';

type Product = { product: string; customers: number };

/** listCustomerSubscriptions, listCustomerProducts: each caller sees only the subscriptions in their reach. */
export function subscriptionReadsSuite(ctx: CustomersContext) {
  describe('reading subscriptions and products', () => {
    const PRODUCTS = '/api/management/products';
    const productsOf = async (user: Parameters<CustomersContext['call']>[0]) => {
      const response = await ctx.call(user, 'GET', PRODUCTS);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().products as Product[]).filter((p) => p.product.startsWith('Reads '));
    };

    it('lists a customer’s subscriptions to its own user and to staff, and 404 to another customer’s user', async () => {
      const { analyst, acmeUser, globexUser, acme } = ctx.t.fixtures;
      const url = `${BASE}/${acme.customerId}/subscriptions`;
      for (const product of ['Reads EDR', 'Reads SIEM']) {
        const added = await ctx.call(analyst, 'POST', url, { product, billing: 'endpoint' });
        expect(added.statusCode, added.body).toBe(201);
      }
      for (const user of [analyst, acmeUser]) {
        const listed = await ctx.call(user, 'GET', url);
        expect(listed.statusCode, listed.body).toBe(200);
        const own = listed.json().subscriptions.filter((s: Product) => s.product.startsWith('Reads '));
        expect(own).toMatchObject([
          { product: 'Reads EDR', billing: 'endpoint', status: 'active' },
          { product: 'Reads SIEM', billing: 'endpoint', status: 'active' },
        ]);
      }
      const crossed = await ctx.call(globexUser, 'GET', url);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().error.message).toBe(`A customer with the ID ${acme.customerId} was not found.`);
      const unknown = await ctx.call(
        analyst,
        'GET',
        `${BASE}/00000000-0000-4000-8000-000000000000/subscriptions`,
      );
      expect(unknown.statusCode).toBe(404);
      ctx.expectBadField(await ctx.call(analyst, 'GET', `${BASE}/not-a-uuid/subscriptions`), 'params.id');
    });

    it('lists the distinct products by name with how many customers hold each, within the caller’s reach', async () => {
      const { analyst, acmeUser, globexUser, globex } = ctx.t.fixtures;
      await ctx.call(analyst, 'POST', `${BASE}/${globex.customerId}/subscriptions`, {
        product: 'Reads EDR',
        billing: 'user',
        status: 'suspended',
      });
      await ctx.call(analyst, 'POST', `${BASE}/${globex.customerId}/subscriptions`, {
        product: 'Reads antivirus',
        billing: 'user',
      });
      // Another provider's customer and product are never counted.
      const db = ctx.t.database.db;
      const [other] = await db.insert(partners).values({ name: 'Other MSSP' }).returning();
      const [stranger] = await db
        .insert(customers)
        .values({ partnerId: other!.partnerId, name: 'Stranger', hasSubscription: true })
        .returning();
      await db.insert(customerSubscriptions).values([
        { customerId: stranger!.customerId, product: 'Reads EDR', billing: 'user', status: 'active' },
        { customerId: stranger!.customerId, product: 'Reads secret', billing: 'user', status: 'active' },
      ]);

      expect(await productsOf(analyst)).toEqual([
        { product: 'Reads antivirus', customers: 1 },
        { product: 'Reads EDR', customers: 2 },
        { product: 'Reads SIEM', customers: 1 },
      ]);
      expect(await productsOf(acmeUser)).toEqual([
        { product: 'Reads EDR', customers: 1 },
        { product: 'Reads SIEM', customers: 1 },
      ]);
      expect(await productsOf(globexUser)).toEqual([
        { product: 'Reads antivirus', customers: 1 },
        { product: 'Reads EDR', customers: 1 },
      ]);
    });
  });
}
