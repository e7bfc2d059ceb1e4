import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cases } from '../../../src/server/db/schema/index.ts';
import { BASE, type CasesContext } from './helpers.ts';

/** listCases with sort, order and offset: numbered pages of any column's order, with the total. */
export function listSortedCasesSuite(ctx: CasesContext) {
  const { get, expectBadField, titles } = ctx;
  const ids = (response: { json(): { cases: { id: number }[] } }) => response.json().cases.map((c) => c.id);

  describe('listCases, sorted and paged by offset', () => {
    it('pages any sort by offset, every case once, with the total of every page', async () => {
      const expected = (
        await ctx.t.database.db
          .select({ id: cases.id })
          .from(cases)
          .where(eq(cases.customerId, ctx.t.fixtures.acme.customerId))
          .orderBy(sql`lower(${cases.title}) asc, ${cases.id} asc`)
      ).map((r) => r.id);
      expect(expected.length).toBeGreaterThan(10);
      const seen: number[] = [];
      for (let offset = 0; offset < expected.length; offset += 10) {
        const response = await get(
          ctx.t.fixtures.acmeUser,
          `${BASE}?sort=title&order=asc&batch_size=10&offset=${offset}`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.json().total).toBe(expected.length);
        // Sorted pages are numbered, not chained: no cursor is handed out.
        expect(response.json().search_after).toBeNull();
        seen.push(...ids(response));
      }
      expect(seen).toEqual(expected);
    });

    it('sorts each way by risk, by customer name and by alert count', async () => {
      const user = ctx.t.fixtures.analyst;
      const risks = (query: string) =>
        get(user, `${BASE}?${query}&batch_size=1000`).then((r) =>
          r.json().cases.map((c: { risk_score: number }) => c.risk_score),
        );
      const up = await risks('sort=risk_score&order=asc');
      expect(up).toEqual([...up].sort((a, b) => a - b));
      const down = await risks('sort=risk_score&order=desc');
      expect(down).toEqual([...down].sort((a, b) => b - a));
      // Acme Test before Globex Test, and the other way round.
      expect(titles(await get(user, `${BASE}?sort=customer&order=asc&batch_size=1000`)).at(-1)).toBe(
        'Globex secret case',
      );
      expect(titles(await get(user, `${BASE}?sort=customer&order=desc&batch_size=1`))).toEqual([
        'Globex secret case',
      ]);
      const [most] = (await get(user, `${BASE}?sort=alert_count&order=desc&batch_size=1`)).json().cases;
      expect(most).toMatchObject({ id: ctx.detailCaseId, alert_count: 12 });
    });

    it('filters before counting: the total is that of the matches', async () => {
      const response = await get(
        ctx.t.fixtures.analyst,
        `${BASE}?statuses=closed&customer_ids=${ctx.t.fixtures.acme.customerId}&batch_size=2`,
      );
      expect(response.json().total).toBe(5);
      expect(response.json().cases).toHaveLength(2);
    });

    it('refuses an unknown sort and a cursor with a sort', async () => {
      const user = ctx.t.fixtures.analyst;
      expectBadField(await get(user, `${BASE}?sort=colour`), 'querystring.sort');
      expectBadField(await get(user, `${BASE}?sort=title&order=up`), 'querystring.order');
      expectBadField(await get(user, `${BASE}?offset=-1`), 'querystring.offset');
      const first = await get(user, `${BASE}?batch_size=2`);
      const cursor = first.json().search_after as string;
      expect(cursor).toBeTruthy();
      expectBadField(
        await get(user, `${BASE}?sort=title&search_after=${cursor}`),
        'querystring.search_after',
      );
    });
  });
}
