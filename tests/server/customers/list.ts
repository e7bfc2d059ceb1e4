import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../../src/server/db/schema/index.ts';
import { BASE, type CustomersContext } from './helpers.ts';

type Listed = { name: string; agent_count: number; alert_count: number; case_count: number };

/** listCustomers: counts, sorting, filters and tenancy. */
export function listCustomersSuite(ctx: CustomersContext) {
  const names = async (query: string, user = ctx.t.fixtures.analyst) => {
    const response = await ctx.call(user, 'GET', `${BASE}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().customers as Listed[]).map((c) => c.name);
  };

  describe('listCustomers', () => {
    it('requires sign-in', async () => {
      expect((await ctx.call(null, 'GET', BASE)).statusCode).toBe(401);
    });

    it('lists by name with agent, alert and case counts and subscriptions', async () => {
      const response = await ctx.call(ctx.t.fixtures.analyst, 'GET', `${BASE}?skip_cache=true`);
      const acme = (response.json().customers as Listed[]).find((c) => c.name === 'Acme Test');
      expect(acme).toMatchObject({ agent_count: 2, alert_count: 3, case_count: 1, subscriptions: [] });
      expect(await names('')).toEqual(['Acme Test', 'Globex Test']);
    });

    it('sorts by a count, either way', async () => {
      expect(await names('?sort=alert_count&order=asc')).toEqual(['Globex Test', 'Acme Test']);
      expect(await names('?sort=agent_count&order=desc')).toEqual(['Acme Test', 'Globex Test']);
      expect(await names('?sort=name&order=desc')).toEqual(['Globex Test', 'Acme Test']);
    });

    it('rejects an unknown sort with 400', async () => {
      ctx.expectBadField(
        await ctx.call(ctx.t.fixtures.analyst, 'GET', `${BASE}?sort=secret`),
        'querystring.sort',
      );
    });

    it('filters by MDR, compliance SKU, global software package and active', async () => {
      const db = ctx.t.database.db;
      await db
        .update(customers)
        .set({ mdr: true, complianceSku: true, hasSubscription: false })
        .where(eq(customers.customerId, ctx.t.fixtures.globex.customerId));
      await db
        .update(customers)
        .set({ globalSoftwarePackage: false })
        .where(eq(customers.customerId, ctx.t.fixtures.globex.customerId));
      expect(await names('?mdr=true')).toEqual(['Globex Test']);
      expect(await names('?compliance_sku=true')).toEqual(['Globex Test']);
      expect(await names('?active_only=true')).toEqual(['Acme Test']);
      expect(await names('?global_software_package=true')).toEqual(['Acme Test']);
      await db
        .update(customers)
        .set({ mdr: false, complianceSku: false, hasSubscription: true, globalSoftwarePackage: true })
        .where(eq(customers.customerId, ctx.t.fixtures.globex.customerId));
    });

    it('a customer user sees only their customer, whatever the filter', async () => {
      expect(await names('', ctx.t.fixtures.acmeUser)).toEqual(['Acme Test']);
      expect(await names('?sort=alert_count', ctx.t.fixtures.globexUser)).toEqual(['Globex Test']);
    });
  });
}
