import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussions } from '../../../src/server/db/schema/index.ts';
import { BASE, type CaseAlertsContext } from './helpers.ts';

/** listCaseDiscussions and postCaseDiscussion: registered on the shared app of the enclosing backend. */
export function listAndPostCaseDiscussionsSuite(ctx: CaseAlertsContext) {
  const { get, post, expectBadField } = ctx;
  describe('listCaseDiscussions and postCaseDiscussion', () => {
    const url = (id: number) => `${BASE}${id}/discussions`;

    it('require sign-in', async () => {
      expect((await get(null, url(ctx.acmeCase))).statusCode).toBe(401);
      expect((await post(null, url(ctx.acmeCase), { body: 'hi' })).statusCode).toBe(401);
    });

    it('reject bad input with 400', async () => {
      expectBadField(await post(ctx.t.fixtures.analyst, url(ctx.acmeCase), {}), 'body.body');
      expectBadField(await post(ctx.t.fixtures.analyst, url(ctx.acmeCase), { body: '' }), 'body.body');
      expectBadField(await post(ctx.t.fixtures.analyst, url(ctx.acmeCase), { body: 'x\u0000' }), 'body.body');
      expectBadField(
        await post(ctx.t.fixtures.analyst, url(ctx.acmeCase), { body: 'x'.repeat(10_001) }),
        'body.body',
      );
      expectBadField(
        await get(ctx.t.fixtures.analyst, `${url(ctx.acmeCase)}?batch_size=0`),
        'querystring.batch_size',
      );
    });

    it('keep customers apart: another customer’s case answers 404 and gets no comment', async () => {
      expect((await get(ctx.t.fixtures.acmeUser, url(ctx.globexCase))).statusCode).toBe(404);
      expect((await post(ctx.t.fixtures.acmeUser, url(ctx.globexCase), { body: 'planted' })).statusCode).toBe(
        404,
      );
      const planted = await ctx.t.database.db
        .select()
        .from(discussions)
        .where(eq(discussions.body, 'planted'));
      expect(planted).toEqual([]);
    });

    it('post and list comments; private ones are staff only', async () => {
      const shared = await post(ctx.t.fixtures.acmeUser, url(ctx.acmeCase), { body: 'Customer note' });
      expect(shared.statusCode).toBe(201);
      expect(shared.json()).toMatchObject({
        body: 'Customer note',
        private: false,
        editable: true,
        user: { email: 'user@acme.test' },
      });
      expect(
        (await post(ctx.t.fixtures.acmeUser, url(ctx.acmeCase), { body: 'secret', private: true }))
          .statusCode,
      ).toBe(403);
      expect((await post(ctx.viewer, url(ctx.acmeCase), { body: 'read only' })).statusCode).toBe(403);
      expect(
        (await post(ctx.t.fixtures.analyst, url(ctx.acmeCase), { body: 'Staff only', private: true }))
          .statusCode,
      ).toBe(201);
      const customerView = (await get(ctx.t.fixtures.acmeUser, url(ctx.acmeCase))).json().discussions;
      expect(customerView.map((d: { body: string }) => d.body)).toEqual(['Customer note']);
      const staffView = (
        await get(ctx.t.fixtures.analyst, `${url(ctx.acmeCase)}?batch_size=1&offset=1`)
      ).json().discussions;
      expect(staffView.map((d: { body: string }) => d.body)).toEqual(['Staff only']);
    });
  });
}
