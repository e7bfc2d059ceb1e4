import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, discussions } from '../../../src/server/db/schema/index.ts';
import { BASE, type CaseAlertsContext, type User } from './helpers.ts';

/** updateCaseDiscussion and deleteCaseDiscussion: registered on the shared app of the enclosing backend. */
export function editCaseDiscussionsSuite(ctx: CaseAlertsContext) {
  const { get, post, del, expectBadField } = ctx;
  describe('updateCaseDiscussion and deleteCaseDiscussion', () => {
    interface Comment {
      id: number;
      body: string;
      private: boolean;
      editable: boolean;
      created_at: string;
      updated_at: string;
    }
    const url = (id: number | string, commentId: number | string) => `${BASE}${id}/discussions/${commentId}`;
    const put = (user: User, address: string, payload: object) =>
      ctx.t.as(user, { method: 'PUT', url: address, payload });
    const bodies = async (user: User, caseId: number) =>
      (await get(user, `${BASE}${caseId}/discussions`)).json().discussions.map((d: Comment) => d.body);
    const comment = async (user: User, caseId: number, body: string, isPrivate = false) => {
      const response = await post(user, `${BASE}${caseId}/discussions`, { body, private: isPrivate });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Comment;
    };
    /** The audit entry the change of a comment wrote. */
    const audited = async (commentId: number, action: 'update' | 'delete') => {
      const [entry] = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'discussion'),
            eq(auditLog.entityId, String(commentId)),
            eq(auditLog.action, action),
          ),
        );
      return entry;
    };
    let globexComment: number;
    let otherCaseComment: number;

    beforeAll(async () => {
      const [g, o] = await ctx.t.database.db
        .insert(discussions)
        .values([
          {
            customerId: ctx.t.fixtures.globex.customerId,
            entity: 'case',
            entityId: ctx.globexCase,
            authorId: ctx.t.fixtures.globexUser.contactId,
            body: 'Globex only',
          },
          {
            customerId: ctx.t.fixtures.acme.customerId,
            entity: 'case',
            entityId: ctx.otherAcmeCase,
            authorId: ctx.t.fixtures.acmeUser.contactId,
            body: 'On the other case',
          },
        ])
        .returning({ id: discussions.id });
      globexComment = g!.id;
      otherCaseComment = o!.id;
    });

    it('require sign-in', async () => {
      expect((await put(null, url(ctx.acmeCase, 1), { body: 'x' })).statusCode).toBe(401);
      expect((await del(null, url(ctx.acmeCase, 1))).statusCode).toBe(401);
    });

    it('reject bad input with 400, naming the field', async () => {
      const mine = await comment(ctx.t.fixtures.acmeUser, ctx.acmeCase, 'To be checked');
      const address = url(ctx.acmeCase, mine.id);
      expectBadField(await put(ctx.t.fixtures.acmeUser, address, {}), 'body.body');
      expectBadField(await put(ctx.t.fixtures.acmeUser, address, { body: '' }), 'body.body');
      expectBadField(await put(ctx.t.fixtures.acmeUser, address, { body: '   ' }), 'body.body');
      expectBadField(await put(ctx.t.fixtures.acmeUser, address, { body: 'x'.repeat(10_001) }), 'body.body');
      expectBadField(await put(ctx.t.fixtures.acmeUser, address, { body: 'x\u0000' }), 'body.body');
      expectBadField(
        await put(ctx.t.fixtures.acmeUser, address, { body: 'x', private: 'no' }),
        'body.private',
      );
      expect((await put(ctx.t.fixtures.acmeUser, address, { body: 'x', pinned: true })).statusCode).toBe(400);
      expectBadField(
        await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, 'abc'), { body: 'x' }),
        'params.comment_id',
      );
      expectBadField(await del(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, 0)), 'params.comment_id');
      expectBadField(await del(ctx.t.fixtures.acmeUser, url('x', mine.id)), 'params.id');
      expect(await bodies(ctx.t.fixtures.acmeUser, ctx.acmeCase)).toContain('To be checked');
    });

    it('keep customers apart: a hidden case answers 404 by its id and nothing changes', async () => {
      const edit = await put(ctx.t.fixtures.acmeUser, url(ctx.globexCase, globexComment), {
        body: 'defaced',
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().error.message).toBe(`Case with ID ${ctx.globexCase} not found`);
      const removal = await del(ctx.t.fixtures.acmeUser, url(ctx.globexCase, globexComment));
      expect(removal.statusCode).toBe(404);
      expect(removal.json().error.message).toBe(`Case with ID ${ctx.globexCase} not found`);
      // Through a case the caller may see, another customer's comment is not there either.
      expect(
        (await put(ctx.t.fixtures.globexUser, url(ctx.acmeCase, globexComment), { body: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, globexComment), { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await del(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, globexComment))).statusCode).toBe(404);
      expect(await bodies(ctx.t.fixtures.globexUser, ctx.globexCase)).toEqual(['Globex only']);
    });

    it('answer 404 for a comment of another case, or one that does not exist', async () => {
      expect(
        (await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, otherCaseComment), { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await del(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, otherCaseComment))).statusCode).toBe(404);
      expect(
        (await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, 9_999_999), { body: 'x' })).statusCode,
      ).toBe(404);
      expect(await bodies(ctx.t.fixtures.acmeUser, ctx.otherAcmeCase)).toEqual(['On the other case']);
    });

    it('let only the author edit: 403 for someone else’s comment and for read-only staff', async () => {
      const mine = await comment(ctx.t.fixtures.acmeUser, ctx.acmeCase, 'First draft');
      const hijack = await put(ctx.t.fixtures.analyst, url(ctx.acmeCase, mine.id), { body: 'Hijacked' });
      expect(hijack.statusCode).toBe(403);
      expect(hijack.json().error.code).toBe('forbidden');
      expect((await put(ctx.viewer, url(ctx.acmeCase, mine.id), { body: 'Viewer' })).statusCode).toBe(403);
      const edited = await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, mine.id), { body: 'Second draft' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id: mine.id,
        body: 'Second draft',
        private: false,
        editable: true,
      });
      expect(Date.parse(edited.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(mine.created_at));
      const listed = (await get(ctx.t.fixtures.analyst, `${BASE}${ctx.acmeCase}/discussions`)).json()
        .discussions as Comment[];
      expect(listed.find((d) => d.id === mine.id)).toMatchObject({ body: 'Second draft', editable: false });
      expect(await audited(mine.id, 'update')).toMatchObject({
        before: { body: 'First draft' },
        after: { body: 'Second draft' },
      });
    });

    it('keep private comments for staff: hidden from customer users, who cannot make one', async () => {
      const staffOnly = await comment(ctx.t.fixtures.analyst, ctx.acmeCase, 'Staff analysis', true);
      expect(
        (await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, staffOnly.id), { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await del(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, staffOnly.id))).statusCode).toBe(404);
      // Leaving `private` out keeps it private; staff may make it public.
      const kept = await put(ctx.t.fixtures.analyst, url(ctx.acmeCase, staffOnly.id), {
        body: 'Staff analysis v2',
      });
      expect(kept.json()).toMatchObject({ body: 'Staff analysis v2', private: true });
      expect(await bodies(ctx.t.fixtures.acmeUser, ctx.acmeCase)).not.toContain('Staff analysis v2');
      const shared = await put(ctx.t.fixtures.analyst, url(ctx.acmeCase, staffOnly.id), {
        body: 'Shared analysis',
        private: false,
      });
      expect(shared.json()).toMatchObject({ private: false });
      expect(await bodies(ctx.t.fixtures.acmeUser, ctx.acmeCase)).toContain('Shared analysis');
      const mine = await comment(ctx.t.fixtures.acmeUser, ctx.acmeCase, 'Customer remark');
      const hidden = await put(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, mine.id), {
        body: 'psst',
        private: true,
      });
      expect(hidden.statusCode).toBe(403);
      expect(await bodies(ctx.t.fixtures.acmeUser, ctx.acmeCase)).toContain('Customer remark');
    });

    it('let only the author delete, once', async () => {
      const mine = await comment(ctx.t.fixtures.analyst, ctx.acmeCase, 'Wrong case, sorry');
      expect((await del(ctx.t.fixtures.acmeUser, url(ctx.acmeCase, mine.id))).statusCode).toBe(403);
      expect((await del(ctx.viewer, url(ctx.acmeCase, mine.id))).statusCode).toBe(403);
      const removed = await del(ctx.t.fixtures.analyst, url(ctx.acmeCase, mine.id));
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect(await bodies(ctx.t.fixtures.analyst, ctx.acmeCase)).not.toContain('Wrong case, sorry');
      expect((await del(ctx.t.fixtures.analyst, url(ctx.acmeCase, mine.id))).statusCode).toBe(404);
      expect(await audited(mine.id, 'delete')).toMatchObject({
        before: { entity: 'case', entity_id: ctx.acmeCase, body: 'Wrong case, sorry' },
      });
    });
  });
}
