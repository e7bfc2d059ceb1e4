import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, logUsage } from '../../../src/server/db/schema/index.ts';
import { BASE, type CustomersContext } from './helpers.ts';

/** getCustomerComplianceData: the metered usage of a customer with a compliance SKU. */
export function complianceSuite(ctx: CustomersContext) {
  const url = (query = '') => `${BASE}/${ctx.t.fixtures.acme.customerId}/compliance-data${query}`;

  describe('compliance data', () => {
    beforeAll(async () => {
      const { acme, globex } = ctx.t.fixtures;
      const db = ctx.t.database.db;
      await db
        .update(customers)
        .set({ complianceSku: true })
        .where(eq(customers.customerId, acme.customerId));
      await db.insert(logUsage).values([
        { customerId: acme.customerId, day: '2026-03-01', source: 'syslog', events: 10, bytes: 1000 },
        { customerId: acme.customerId, day: '2026-03-01', source: 'windows', events: 5, bytes: 50_000 },
        { customerId: acme.customerId, day: '2026-03-02', source: 'syslog', events: 20, bytes: 2000 },
        { customerId: acme.customerId, day: '2026-04-15', source: 'syslog', events: 7, bytes: 700 },
        { customerId: globex.customerId, day: '2026-03-01', source: 'syslog', events: 99, bytes: 9999 },
      ]);
    });

    it('answers the stored volume by day and type with totals, filtered by date and size', async () => {
      const all = await ctx.call(ctx.t.fixtures.acmeUser, 'GET', url('?from=2026-03-01&to=2026-03-31'));
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toMatchObject({
        from: '2026-03-01',
        to: '2026-03-31',
        min_bytes: null,
        total: { events: 35, bytes: 53_000 },
        by_type: [
          { source: 'windows', events: 5, bytes: 50_000 },
          { source: 'syslog', events: 30, bytes: 3000 },
        ],
        days: [
          { day: '2026-03-02', source: 'syslog', events: 20, bytes: 2000 },
          { day: '2026-03-01', source: 'windows', events: 5, bytes: 50_000 },
          { day: '2026-03-01', source: 'syslog', events: 10, bytes: 1000 },
        ],
      });
      const sized = await ctx.call(
        ctx.t.fixtures.analyst,
        'GET',
        url('?from=2026-03-01&to=2026-04-30&min_bytes=700&max_bytes=1500'),
      );
      expect(sized.json().days).toEqual([
        { day: '2026-04-15', source: 'syslog', events: 7, bytes: 700 },
        { day: '2026-03-01', source: 'syslog', events: 10, bytes: 1000 },
      ]);
      expect(sized.json().total).toEqual({ events: 17, bytes: 1700 });
    });

    it('exports the rows as formula-safe CSV', async () => {
      const csv = await ctx.call(
        ctx.t.fixtures.analyst,
        'GET',
        url('?from=2026-03-01&to=2026-03-01&format=csv'),
      );
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toBe(
        '"day","type","events","bytes"\r\n"2026-03-01","windows","5","50000"\r\n"2026-03-01","syslog","10","1000"\r\n',
      );
    });

    it('validates the range and sizes', async () => {
      const { analyst } = ctx.t.fixtures;
      ctx.expectBadField(await ctx.call(analyst, 'GET', url('?from=2026-02-30')), 'querystring.from');
      ctx.expectBadField(
        await ctx.call(analyst, 'GET', url('?from=2026-03-02&to=2026-03-01')),
        'querystring.from',
        'must not be after the end of the range.',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'GET', url('?from=2024-01-01&to=2026-03-01')),
        'querystring.from',
        'The range may cover at most 366 days.',
      );
      ctx.expectBadField(
        await ctx.call(analyst, 'GET', url('?min_bytes=10&max_bytes=5')),
        'querystring.min_bytes',
        'must not be larger than the maximum size.',
      );
      ctx.expectBadField(await ctx.call(analyst, 'GET', url('?min_bytes=-1')), 'querystring.min_bytes');
    });

    it('refuses customers without the SKU (409) and customers out of reach (404)', async () => {
      const { globex, globexUser, analyst } = ctx.t.fixtures;
      const without = await ctx.call(analyst, 'GET', `${BASE}/${globex.customerId}/compliance-data`);
      expect(without.statusCode).toBe(409);
      expect(without.json().error.message).toBe(
        'This customer has no compliance SKU: compliance data is kept only for customers with one.',
      );
      const hidden = await ctx.call(globexUser, 'GET', url());
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe(
        `A customer with the ID ${ctx.t.fixtures.acme.customerId} was not found.`,
      );
    });
  });
}
