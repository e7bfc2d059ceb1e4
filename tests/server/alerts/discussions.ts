import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussions } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

interface Comment {
  id: number;
  body: string;
  private: boolean;
  user: { email: string; name: string } | null;
  editable: boolean;
}

/** Registers the alert comments tests on the shared app of the enclosing backend. */
export function discussionSuite(ctx: AlertsContext) {
  describe('alert comments', () => {
    let t: TestApp;
    let viewer: { contactId: string };
    let acmeId: number;
    let globexId: number;

    beforeAll(async () => {
      t = ctx.t;
      viewer = ctx.viewer;
      const [a, g] = await insertAlerts(t, [
        { customerId: t.fixtures.acme.customerId, title: 'Acme alert', type: 'edr' },
        { customerId: t.fixtures.globex.customerId, title: 'Globex alert', type: 'edr' },
      ]);
      acmeId = a!.id;
      globexId = g!.id;
      await t.database.db.insert(discussions).values([
        {
          customerId: t.fixtures.acme.customerId,
          entity: 'alert',
          entityId: acmeId,
          authorId: t.fixtures.analyst.contactId,
          body: 'Public from staff',
        },
        {
          customerId: t.fixtures.acme.customerId,
          entity: 'alert',
          entityId: acmeId,
          authorId: t.fixtures.analyst.contactId,
          body: 'Staff only note',
          private: true,
        },
        {
          customerId: t.fixtures.acme.customerId,
          entity: 'alert',
          entityId: acmeId,
          authorId: randomUUID(),
          body: 'From a removed account',
        },
        {
          customerId: t.fixtures.globex.customerId,
          entity: 'alert',
          entityId: globexId,
          authorId: t.fixtures.globexUser.contactId,
          body: 'Globex secret',
        },
      ]);
    });

    const url = (id: number | string, commentId?: number | string) =>
      `/api/alerts/v1/alerts/${id}/discussions${commentId === undefined ? '' : `/${commentId}`}`;
    const list = async (user: { contactId: string }, id = acmeId) => {
      const response = await t.as(user, { url: url(id) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().discussions as Comment[];
    };
    const post = (user: { contactId: string } | null, payload: unknown, id: number | string = acmeId) =>
      t.as(user, { method: 'POST', url: url(id), headers: JSON_HEADERS, payload: JSON.stringify(payload) });
    const edit = (
      user: { contactId: string } | null,
      commentId: number | string,
      payload: unknown,
      id: number | string = acmeId,
    ) =>
      t.as(user, {
        method: 'PUT',
        url: url(id, commentId),
        headers: JSON_HEADERS,
        payload: JSON.stringify(payload),
      });
    const remove = (
      user: { contactId: string } | null,
      commentId: number | string,
      id: number | string = acmeId,
    ) => t.as(user, { method: 'DELETE', url: url(id, commentId) });

    describe('listAlertDiscussions', () => {
      it('requires sign-in', async () => {
        expect((await t.as(null, { url: url(acmeId) })).statusCode).toBe(401);
      });

      it('rejects a bad id or page with 400', async () => {
        expect((await t.as(t.fixtures.analyst, { url: url('x') })).statusCode).toBe(400);
        expect((await t.as(t.fixtures.analyst, { url: `${url(acmeId)}?batch_size=0` })).statusCode).toBe(400);
      });

      it('answers 404 for another customer’s alert', async () => {
        const response = await t.as(t.fixtures.acmeUser, { url: url(globexId) });
        expect(response.statusCode).toBe(404);
      });

      it('shows staff every comment, oldest first, and a removed author as null', async () => {
        const comments = await list(t.fixtures.analyst);
        expect(comments.map((c) => c.body)).toEqual([
          'Public from staff',
          'Staff only note',
          'From a removed account',
        ]);
        expect(comments[0]).toMatchObject({
          user: { email: 'analyst@test.example', name: 'Ana Lyst' },
          editable: true,
          private: false,
        });
        expect(comments[2]).toMatchObject({ user: null, editable: false });
        const page = await t.as(t.fixtures.analyst, { url: `${url(acmeId)}?batch_size=1&offset=1` });
        expect(page.json().discussions.map((c: Comment) => c.body)).toEqual(['Staff only note']);
      });

      it('never shows private comments to customer users', async () => {
        const comments = await list(t.fixtures.acmeUser);
        expect(comments.map((c) => c.body)).toEqual(['Public from staff', 'From a removed account']);
        expect(comments.every((c) => !c.editable)).toBe(true);
      });
    });

    describe('postAlertDiscussion', () => {
      it('requires sign-in', async () => {
        expect((await post(null, { body: 'hi' })).statusCode).toBe(401);
      });

      it.each([
        ['an empty body', { body: '' }],
        ['a blank body', { body: '   ' }],
        ['too long a body', { body: 'x'.repeat(10_001) }],
        ['an unknown field', { body: 'hi', pinned: true }],
        ['a non-boolean private flag', { body: 'hi', private: 'yes' }],
      ])('rejects %s with 400', async (_, payload) => {
        const response = await post(t.fixtures.analyst, payload);
        expect(response.statusCode, response.body).toBe(400);
      });

      it('answers 404 on another customer’s alert and posts nothing', async () => {
        const response = await post(t.fixtures.acmeUser, { body: 'planted' }, globexId);
        expect(response.statusCode).toBe(404);
        const globex = await list(t.fixtures.analyst, globexId);
        expect(globex.map((c) => c.body)).toEqual(['Globex secret']);
      });

      it('refuses read-only staff, and private comments from customer users, with 403', async () => {
        expect((await post(viewer, { body: 'hi' })).statusCode).toBe(403);
        const response = await post(t.fixtures.acmeUser, { body: 'psst', private: true });
        expect(response.statusCode).toBe(403);
      });

      it('posts a comment with 201, and staff may post privately', async () => {
        const response = await post(t.fixtures.acmeUser, { body: 'We know this host' });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({
          body: 'We know this host',
          private: false,
          editable: true,
          user: { email: 'user@acme.test' },
        });
        const hidden = await post(t.fixtures.analyst, { body: 'Customer is wrong', private: true });
        expect(hidden.statusCode).toBe(201);
        expect((await list(t.fixtures.acmeUser)).map((c) => c.body)).not.toContain('Customer is wrong');
        const activity = await t.as(t.fixtures.acmeUser, { url: `/api/alerts/v1/alerts/${acmeId}/activity` });
        const comments = activity.json().activity.map((a: { comment: string | null }) => a.comment);
        expect(comments).toContain('We know this host');
        expect(comments).not.toContain('Customer is wrong');
      });
    });

    describe('updateAlertDiscussion', () => {
      it('requires sign-in', async () => {
        expect((await edit(null, 1, { body: 'x' })).statusCode).toBe(401);
      });

      it('rejects a bad comment id or body with 400', async () => {
        expect((await edit(t.fixtures.analyst, 'abc', { body: 'x' })).statusCode).toBe(400);
        expect((await edit(t.fixtures.analyst, 1, {})).statusCode).toBe(400);
      });

      it('answers 404 for a comment on another customer’s alert, or on another alert', async () => {
        const [globexComment] = await list(t.fixtures.analyst, globexId);
        expect((await edit(t.fixtures.acmeUser, globexComment!.id, { body: 'x' }, globexId)).statusCode).toBe(
          404,
        );
        expect((await edit(t.fixtures.globexUser, globexComment!.id, { body: 'x' }, acmeId)).statusCode).toBe(
          404,
        );
      });

      it('lets only the author edit', async () => {
        const mine = (await post(t.fixtures.acmeUser, { body: 'first draft' })).json() as Comment;
        const other = await edit(t.fixtures.analyst, mine.id, { body: 'hijacked' });
        expect(other.statusCode).toBe(403);
        const response = await edit(t.fixtures.acmeUser, mine.id, { body: 'second draft' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: mine.id, body: 'second draft', editable: true });
      });

      it('keeps a private comment private when an edit leaves the flag out', async () => {
        const note = (
          await post(t.fixtures.analyst, { body: 'Staff draft', private: true })
        ).json() as Comment;
        const edited = await edit(t.fixtures.analyst, note.id, { body: 'Staff final' });
        expect(edited.statusCode).toBe(200);
        expect(edited.json()).toMatchObject({ body: 'Staff final', private: true });
        const shared = await edit(t.fixtures.analyst, note.id, { body: 'For everyone', private: false });
        expect(shared.json()).toMatchObject({ private: false });
      });

      it('hides a private comment from a customer user who tries to edit it', async () => {
        const staffOnly = (await list(t.fixtures.analyst)).find((c) => c.body === 'Staff only note')!;
        expect((await edit(t.fixtures.acmeUser, staffOnly.id, { body: 'x' })).statusCode).toBe(404);
      });
    });

    describe('deleteAlertDiscussion', () => {
      it('requires sign-in', async () => {
        expect((await remove(null, 1)).statusCode).toBe(401);
      });

      it('rejects a bad comment id with 400', async () => {
        expect((await remove(t.fixtures.analyst, '0')).statusCode).toBe(400);
      });

      it('answers 404 for another customer’s comment', async () => {
        const [globexComment] = await list(t.fixtures.analyst, globexId);
        expect((await remove(t.fixtures.acmeUser, globexComment!.id, globexId)).statusCode).toBe(404);
      });

      it('lets only the author delete', async () => {
        const mine = (await post(t.fixtures.analyst, { body: 'to be removed' })).json() as Comment;
        expect((await remove(t.fixtures.acmeUser, mine.id)).statusCode).toBe(403);
        const response = await remove(t.fixtures.analyst, mine.id);
        expect(response.statusCode).toBe(204);
        expect((await list(t.fixtures.analyst)).map((c) => c.id)).not.toContain(mine.id);
        expect((await remove(t.fixtures.analyst, mine.id)).statusCode).toBe(404);
      });
    });
  });
}
