import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cases } from '../../../src/server/db/schema/index.ts';
import { BASE, type CasesContext } from './helpers.ts';

/** listCases: registered on the shared app of the enclosing backend. */
export function listCasesSuite(ctx: CasesContext) {
  const { get, expectBadField, titles } = ctx;
  describe('listCases', () => {
    it('requires sign-in', async () => {
      expect((await get(null, BASE)).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?batch_size=0`), 'querystring.batch_size');
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?batch_size=1001`), 'querystring.batch_size');
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?ids=abc`), 'querystring.ids[0]');
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?statuses=sleeping`),
        'querystring.statuses[0]',
      );
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?risk_min=101`), 'querystring.risk_min');
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?risk_min=60&risk_max=50`),
        'querystring.risk_min',
      );
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?assigned_users=not-an-email`),
        'querystring.assigned_users[0]',
      );
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?search_after=garbage`),
        'querystring.search_after',
      );
      const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table cases; --", 1])).toString(
        'base64url',
      );
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?search_after=${forged}`),
        'querystring.search_after',
      );
      const impossible = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 1])).toString(
        'base64url',
      );
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${BASE}?search_after=${impossible}`),
        'querystring.search_after',
      );
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?query=a%00b`), 'querystring.query');
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}?tags=ok&tags=a%00b`), 'querystring.tags[1]');
    });

    it('never lists another customer’s cases: not by customer, id, tag or text', async () => {
      const { globex } = ctx.t.fixtures;
      for (const query of [
        `customer_ids=${globex.customerId}`,
        `ids=${ctx.globexCaseId}`,
        'tags=secret',
        'query=secret',
        `query=%23${ctx.globexCaseId}`,
      ]) {
        const response = await get(ctx.t.fixtures.acmeUser, `${BASE}?${query}`);
        expect(response.statusCode, query).toBe(200);
        expect(titles(response), query).toEqual([]);
      }
      expect(titles(await get(ctx.t.fixtures.analyst, `${BASE}?tags=secret`))).toEqual([
        'Globex secret case',
      ]);
    });

    it('pages with the cursor exactly: every case once, newest update first, ties by id', async () => {
      const expected = (
        await ctx.t.database.db
          .select({ id: cases.id })
          .from(cases)
          .where(eq(cases.customerId, ctx.t.fixtures.acme.customerId))
          .orderBy(sql`${cases.updatedAt} desc, ${cases.id} desc`)
      ).map((r) => r.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${BASE}?batch_size=5${cursor ? `&search_after=${cursor}` : ''}`;
        const response = await get(ctx.t.fixtures.acmeUser, url);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.cases.length).toBeLessThanOrEqual(5);
        seen.push(...body.cases.map((c: { id: number }) => c.id));
        cursor = body.search_after;
        pages++;
      } while (cursor && pages < 20);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(expected.length);
      expect(pages).toBe(Math.ceil(expected.length / 5));
      const exact = await get(ctx.t.fixtures.acmeUser, `${BASE}?batch_size=${expected.length}`);
      expect(exact.json().search_after).toBeNull();
    });

    it('filters by ids, text, #id, tags, assignee, risk range and status', async () => {
      const user = ctx.t.fixtures.analyst;
      expect(titles(await get(user, `${BASE}?ids=${ctx.pagedIds[1]}&ids=${ctx.pagedIds[2]}`)).sort()).toEqual(
        ['Paged case 1', 'Paged case 2'],
      );
      expect(titles(await get(user, `${BASE}?query=RANSOMWARE`))).toEqual(['Detail case']);
      expect(titles(await get(user, `${BASE}?query=%23${ctx.pagedIds[3]}`))).toEqual(['Paged case 3']);
      expect(titles(await get(user, `${BASE}?query=${ctx.pagedIds[3]}`))).toContain('Paged case 3');
      expect(titles(await get(user, `${BASE}?query=100%25`))).toEqual([]);
      expect(titles(await get(user, `${BASE}?tags=odd&batch_size=100`))).toHaveLength(11);
      expect(titles(await get(user, `${BASE}?assigned_users=ANALYST@test.example`))).toEqual([
        'Paged case 7',
      ]);
      expect(titles(await get(user, `${BASE}?assigned_users=me`))).toEqual(['Paged case 7']);
      expect(titles(await get(user, `${BASE}?risk_min=80&risk_max=84`)).sort()).toEqual([
        'Paged case 20',
        'Paged case 21',
      ]);
      expect(
        titles(await get(user, `${BASE}?statuses=closed&customer_ids=${ctx.t.fixtures.acme.customerId}`)),
      ).toHaveLength(5);
    });

    it('counts each case’s alerts', async () => {
      const [found] = (await get(ctx.t.fixtures.acmeUser, `${BASE}?ids=${ctx.detailCaseId}`)).json().cases;
      expect(found).toMatchObject({ id: ctx.detailCaseId, alert_count: 12 });
    });
  });
}
