import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, cases, discussions } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

const BASE = '/api/cases/v1/cases/';
type User = { contactId: string } | null;
type Response = LightMyRequestResponse;

describe.each(backends())('case alerts and discussions on %s', (backend) => {
  let t: TestApp;
  let viewer: { contactId: string };
  let acmeCase: number;
  let otherAcmeCase: number;
  let globexCase: number;
  let free: number[];
  let inOther: number;
  let globexAlert: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    const db = t.database.db;
    viewer = t.fixtures.viewer;
    const made = await db
      .insert(cases)
      .values([
        { customerId: acme.customerId, title: 'Acme case' },
        { customerId: acme.customerId, title: 'Other acme case', riskScore: 90 },
        { customerId: globex.customerId, title: 'Globex case' },
      ])
      .returning({ id: cases.id });
    [acmeCase, otherAcmeCase, globexCase] = made.map((r) => r.id) as [number, number, number];
    const freeRows = await db
      .insert(alerts)
      .values(
        [10, 20, 30].map((risk) => ({
          customerId: acme.customerId,
          title: `Free ${risk}`,
          type: 'edr',
          riskScore: risk,
        })),
      )
      .returning({ id: alerts.id });
    free = freeRows.map((r) => r.id);
    const [moved] = await db
      .insert(alerts)
      .values({
        customerId: acme.customerId,
        caseId: otherAcmeCase,
        title: 'In other case',
        type: 'edr',
        riskScore: 90,
      })
      .returning({ id: alerts.id });
    inOther = moved!.id;
    const [secret] = await db
      .insert(alerts)
      .values({
        customerId: globex.customerId,
        caseId: globexCase,
        title: 'Globex secret alert',
        type: 'edr',
      })
      .returning({ id: alerts.id });
    globexAlert = secret!.id;
  });
  afterAll(() => t.close());

  const get = (user: User, url: string) => t.as(user, { url });
  const post = (user: User, url: string, payload: object) => t.as(user, { method: 'POST', url, payload });
  const del = (user: User, url: string) => t.as(user, { method: 'DELETE', url });
  const expectBadField = (response: Response, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  const caseIdOf = async (alertId: number) =>
    (await t.database.db.select({ caseId: alerts.caseId }).from(alerts).where(eq(alerts.id, alertId)))[0]!
      .caseId;

  describe('assignCaseAlerts', () => {
    const url = () => `${BASE}${acmeCase}/alerts`;

    it('requires sign-in', async () => {
      expect((await post(null, url(), { alert_ids: [free[0]] })).statusCode).toBe(401);
    });

    it('rejects bad input with 400', async () => {
      expectBadField(await post(t.fixtures.analyst, url(), {}), 'body.alert_ids');
      expectBadField(await post(t.fixtures.analyst, url(), { alert_ids: [] }), 'body.alert_ids');
      expectBadField(await post(t.fixtures.analyst, url(), { alert_ids: ['one'] }), 'body.alert_ids[0]');
      expectBadField(
        await post(t.fixtures.analyst, url(), { alert_ids: [free[0], free[0]] }),
        'body.alert_ids',
      );
      expectBadField(await post(t.fixtures.analyst, `${BASE}x/alerts`, { alert_ids: [1] }), 'params.id');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await post(viewer, url(), { alert_ids: [free[0]] })).statusCode).toBe(403);
    });

    it('keeps customers apart: 404 for a hidden case or alert, 400 for another customer’s alert', async () => {
      const hiddenCase = await post(t.fixtures.acmeUser, `${BASE}${globexCase}/alerts`, {
        alert_ids: [free[0]],
      });
      expect(hiddenCase.statusCode).toBe(404);
      expect(hiddenCase.json().error.message).toBe(`Case with ID ${globexCase} not found`);
      const hiddenAlert = await post(t.fixtures.acmeUser, url(), { alert_ids: [free[0], globexAlert] });
      expect(hiddenAlert.statusCode).toBe(404);
      expect(hiddenAlert.json().error.message).toBe(`Alert ${globexAlert} was not found.`);
      expectBadField(
        await post(t.fixtures.analyst, url(), { alert_ids: [free[0], globexAlert] }),
        'body.alert_ids[1]',
      );
      expect(await caseIdOf(free[0]!)).toBeNull();
      expect(await caseIdOf(globexAlert)).toBe(globexCase);
    });

    it('adds alerts, moves one from another case, records activity and keeps both cases’ risk right', async () => {
      const response = await post(t.fixtures.acmeUser, url(), { alert_ids: [free[0], free[1], inOther] });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      expect(response.json()).toMatchObject({ id: acmeCase, alert_count: 3, risk_score: 90, version: 1 });
      expect(
        response
          .json()
          .recent_alerts.map((a: { id: number }) => a.id)
          .sort(),
      ).toEqual([free[0], free[1], inOther].sort());
      const activity = await t.database.db
        .select()
        .from(alertActivity)
        .where(inArray(alertActivity.alertId, [free[0]!, inOther]));
      expect(activity.map((a) => [a.alertId, a.action, a.before, a.after]).sort()).toEqual(
        [
          [free[0], 'case_assigned', null, acmeCase],
          [inOther, 'case_assigned', otherAcmeCase, acmeCase],
        ].sort(),
      );
      const [other] = await t.database.db.select().from(cases).where(eq(cases.id, otherAcmeCase));
      expect(other!.riskScore).toBe(0);
      const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.id, free[0]!));
      expect(alert!.version).toBe(2);
      // Already in the case: nothing changes, nothing is recorded.
      const again = await post(t.fixtures.acmeUser, url(), { alert_ids: [free[0]] });
      expect(again.statusCode).toBe(200);
      const repeated = await t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, free[0]!));
      expect(repeated).toHaveLength(1);
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(acmeCase))));
      expect(audited.map((a) => a.action)).toEqual(['assign_alerts']);
    });
  });

  describe('unassignCaseAlert', () => {
    it('requires sign-in', async () => {
      expect((await del(null, `${BASE}${acmeCase}/alerts/${free[0]}`)).statusCode).toBe(401);
    });

    it('rejects malformed ids with 400', async () => {
      expectBadField(await del(t.fixtures.analyst, `${BASE}${acmeCase}/alerts/abc`), 'params.alert_id');
      expectBadField(await del(t.fixtures.analyst, `${BASE}0/alerts/1`), 'params.id');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await del(viewer, `${BASE}${acmeCase}/alerts/${free[0]}`)).statusCode).toBe(403);
    });

    it('keeps customers apart and answers 404 for an alert not in the case', async () => {
      const hiddenCase = await del(t.fixtures.acmeUser, `${BASE}${globexCase}/alerts/${globexAlert}`);
      expect(hiddenCase.statusCode).toBe(404);
      const hiddenAlert = await del(t.fixtures.acmeUser, `${BASE}${acmeCase}/alerts/${globexAlert}`);
      expect(hiddenAlert.statusCode).toBe(404);
      const notInCase = await del(t.fixtures.analyst, `${BASE}${acmeCase}/alerts/${free[2]}`);
      expect(notInCase.statusCode).toBe(404);
      expect(notInCase.json().error.message).toBe(`Alert ${free[2]} was not found in case ${acmeCase}.`);
      expect(await caseIdOf(globexAlert)).toBe(globexCase);
    });

    it('takes the alert out, records activity and lowers the case risk', async () => {
      const response = await del(t.fixtures.acmeUser, `${BASE}${acmeCase}/alerts/${inOther}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ alert_count: 2, risk_score: 20 });
      expect(await caseIdOf(inOther)).toBeNull();
      const activity = await t.database.db
        .select()
        .from(alertActivity)
        .where(and(eq(alertActivity.alertId, inOther), eq(alertActivity.action, 'case_unassigned')));
      expect(activity).toMatchObject([
        { field: 'case_id', before: acmeCase, after: null, actorId: t.fixtures.acmeUser.contactId },
      ]);
      expect((await del(t.fixtures.acmeUser, `${BASE}${acmeCase}/alerts/${inOther}`)).statusCode).toBe(404);
    });
  });

  describe('listCaseDiscussions and postCaseDiscussion', () => {
    const url = (id: number) => `${BASE}${id}/discussions`;

    it('require sign-in', async () => {
      expect((await get(null, url(acmeCase))).statusCode).toBe(401);
      expect((await post(null, url(acmeCase), { body: 'hi' })).statusCode).toBe(401);
    });

    it('reject bad input with 400', async () => {
      expectBadField(await post(t.fixtures.analyst, url(acmeCase), {}), 'body.body');
      expectBadField(await post(t.fixtures.analyst, url(acmeCase), { body: '' }), 'body.body');
      expectBadField(await post(t.fixtures.analyst, url(acmeCase), { body: 'x\u0000' }), 'body.body');
      expectBadField(
        await post(t.fixtures.analyst, url(acmeCase), { body: 'x'.repeat(10_001) }),
        'body.body',
      );
      expectBadField(
        await get(t.fixtures.analyst, `${url(acmeCase)}?batch_size=0`),
        'querystring.batch_size',
      );
    });

    it('keep customers apart: another customer’s case answers 404 and gets no comment', async () => {
      expect((await get(t.fixtures.acmeUser, url(globexCase))).statusCode).toBe(404);
      expect((await post(t.fixtures.acmeUser, url(globexCase), { body: 'planted' })).statusCode).toBe(404);
      const planted = await t.database.db.select().from(discussions).where(eq(discussions.body, 'planted'));
      expect(planted).toEqual([]);
    });

    it('post and list comments; private ones are staff only', async () => {
      const shared = await post(t.fixtures.acmeUser, url(acmeCase), { body: 'Customer note' });
      expect(shared.statusCode).toBe(201);
      expect(shared.json()).toMatchObject({
        body: 'Customer note',
        private: false,
        editable: true,
        user: { email: 'user@acme.test' },
      });
      expect(
        (await post(t.fixtures.acmeUser, url(acmeCase), { body: 'secret', private: true })).statusCode,
      ).toBe(403);
      expect((await post(viewer, url(acmeCase), { body: 'read only' })).statusCode).toBe(403);
      expect(
        (await post(t.fixtures.analyst, url(acmeCase), { body: 'Staff only', private: true })).statusCode,
      ).toBe(201);
      const customerView = (await get(t.fixtures.acmeUser, url(acmeCase))).json().discussions;
      expect(customerView.map((d: { body: string }) => d.body)).toEqual(['Customer note']);
      const staffView = (await get(t.fixtures.analyst, `${url(acmeCase)}?batch_size=1&offset=1`)).json()
        .discussions;
      expect(staffView.map((d: { body: string }) => d.body)).toEqual(['Staff only']);
    });
  });

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
      t.as(user, { method: 'PUT', url: address, payload });
    const bodies = async (user: User, caseId: number) =>
      (await get(user, `${BASE}${caseId}/discussions`)).json().discussions.map((d: Comment) => d.body);
    const comment = async (user: User, caseId: number, body: string, isPrivate = false) => {
      const response = await post(user, `${BASE}${caseId}/discussions`, { body, private: isPrivate });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Comment;
    };
    /** The audit entry the change of a comment wrote. */
    const audited = async (commentId: number, action: 'update' | 'delete') => {
      const [entry] = await t.database.db
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
      const [g, o] = await t.database.db
        .insert(discussions)
        .values([
          {
            customerId: t.fixtures.globex.customerId,
            entity: 'case',
            entityId: globexCase,
            authorId: t.fixtures.globexUser.contactId,
            body: 'Globex only',
          },
          {
            customerId: t.fixtures.acme.customerId,
            entity: 'case',
            entityId: otherAcmeCase,
            authorId: t.fixtures.acmeUser.contactId,
            body: 'On the other case',
          },
        ])
        .returning({ id: discussions.id });
      globexComment = g!.id;
      otherCaseComment = o!.id;
    });

    it('require sign-in', async () => {
      expect((await put(null, url(acmeCase, 1), { body: 'x' })).statusCode).toBe(401);
      expect((await del(null, url(acmeCase, 1))).statusCode).toBe(401);
    });

    it('reject bad input with 400, naming the field', async () => {
      const mine = await comment(t.fixtures.acmeUser, acmeCase, 'To be checked');
      const address = url(acmeCase, mine.id);
      expectBadField(await put(t.fixtures.acmeUser, address, {}), 'body.body');
      expectBadField(await put(t.fixtures.acmeUser, address, { body: '' }), 'body.body');
      expectBadField(await put(t.fixtures.acmeUser, address, { body: '   ' }), 'body.body');
      expectBadField(await put(t.fixtures.acmeUser, address, { body: 'x'.repeat(10_001) }), 'body.body');
      expectBadField(await put(t.fixtures.acmeUser, address, { body: 'x\u0000' }), 'body.body');
      expectBadField(await put(t.fixtures.acmeUser, address, { body: 'x', private: 'no' }), 'body.private');
      expect((await put(t.fixtures.acmeUser, address, { body: 'x', pinned: true })).statusCode).toBe(400);
      expectBadField(
        await put(t.fixtures.acmeUser, url(acmeCase, 'abc'), { body: 'x' }),
        'params.comment_id',
      );
      expectBadField(await del(t.fixtures.acmeUser, url(acmeCase, 0)), 'params.comment_id');
      expectBadField(await del(t.fixtures.acmeUser, url('x', mine.id)), 'params.id');
      expect(await bodies(t.fixtures.acmeUser, acmeCase)).toContain('To be checked');
    });

    it('keep customers apart: a hidden case answers 404 by its id and nothing changes', async () => {
      const edit = await put(t.fixtures.acmeUser, url(globexCase, globexComment), { body: 'defaced' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().error.message).toBe(`Case with ID ${globexCase} not found`);
      const removal = await del(t.fixtures.acmeUser, url(globexCase, globexComment));
      expect(removal.statusCode).toBe(404);
      expect(removal.json().error.message).toBe(`Case with ID ${globexCase} not found`);
      // Through a case the caller may see, another customer's comment is not there either.
      expect((await put(t.fixtures.globexUser, url(acmeCase, globexComment), { body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await put(t.fixtures.acmeUser, url(acmeCase, globexComment), { body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await del(t.fixtures.acmeUser, url(acmeCase, globexComment))).statusCode).toBe(404);
      expect(await bodies(t.fixtures.globexUser, globexCase)).toEqual(['Globex only']);
    });

    it('answer 404 for a comment of another case, or one that does not exist', async () => {
      expect(
        (await put(t.fixtures.acmeUser, url(acmeCase, otherCaseComment), { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await del(t.fixtures.acmeUser, url(acmeCase, otherCaseComment))).statusCode).toBe(404);
      expect((await put(t.fixtures.acmeUser, url(acmeCase, 9_999_999), { body: 'x' })).statusCode).toBe(404);
      expect(await bodies(t.fixtures.acmeUser, otherAcmeCase)).toEqual(['On the other case']);
    });

    it('let only the author edit: 403 for someone else’s comment and for read-only staff', async () => {
      const mine = await comment(t.fixtures.acmeUser, acmeCase, 'First draft');
      const hijack = await put(t.fixtures.analyst, url(acmeCase, mine.id), { body: 'Hijacked' });
      expect(hijack.statusCode).toBe(403);
      expect(hijack.json().error.code).toBe('forbidden');
      expect((await put(viewer, url(acmeCase, mine.id), { body: 'Viewer' })).statusCode).toBe(403);
      const edited = await put(t.fixtures.acmeUser, url(acmeCase, mine.id), { body: 'Second draft' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id: mine.id,
        body: 'Second draft',
        private: false,
        editable: true,
      });
      expect(Date.parse(edited.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(mine.created_at));
      const listed = (await get(t.fixtures.analyst, `${BASE}${acmeCase}/discussions`)).json()
        .discussions as Comment[];
      expect(listed.find((d) => d.id === mine.id)).toMatchObject({ body: 'Second draft', editable: false });
      expect(await audited(mine.id, 'update')).toMatchObject({
        before: { body: 'First draft' },
        after: { body: 'Second draft' },
      });
    });

    it('keep private comments for staff: hidden from customer users, who cannot make one', async () => {
      const staffOnly = await comment(t.fixtures.analyst, acmeCase, 'Staff analysis', true);
      expect((await put(t.fixtures.acmeUser, url(acmeCase, staffOnly.id), { body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await del(t.fixtures.acmeUser, url(acmeCase, staffOnly.id))).statusCode).toBe(404);
      // Leaving `private` out keeps it private; staff may make it public.
      const kept = await put(t.fixtures.analyst, url(acmeCase, staffOnly.id), { body: 'Staff analysis v2' });
      expect(kept.json()).toMatchObject({ body: 'Staff analysis v2', private: true });
      expect(await bodies(t.fixtures.acmeUser, acmeCase)).not.toContain('Staff analysis v2');
      const shared = await put(t.fixtures.analyst, url(acmeCase, staffOnly.id), {
        body: 'Shared analysis',
        private: false,
      });
      expect(shared.json()).toMatchObject({ private: false });
      expect(await bodies(t.fixtures.acmeUser, acmeCase)).toContain('Shared analysis');
      const mine = await comment(t.fixtures.acmeUser, acmeCase, 'Customer remark');
      const hidden = await put(t.fixtures.acmeUser, url(acmeCase, mine.id), { body: 'psst', private: true });
      expect(hidden.statusCode).toBe(403);
      expect(await bodies(t.fixtures.acmeUser, acmeCase)).toContain('Customer remark');
    });

    it('let only the author delete, once', async () => {
      const mine = await comment(t.fixtures.analyst, acmeCase, 'Wrong case, sorry');
      expect((await del(t.fixtures.acmeUser, url(acmeCase, mine.id))).statusCode).toBe(403);
      expect((await del(viewer, url(acmeCase, mine.id))).statusCode).toBe(403);
      const removed = await del(t.fixtures.analyst, url(acmeCase, mine.id));
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect(await bodies(t.fixtures.analyst, acmeCase)).not.toContain('Wrong case, sorry');
      expect((await del(t.fixtures.analyst, url(acmeCase, mine.id))).statusCode).toBe(404);
      expect(await audited(mine.id, 'delete')).toMatchObject({
        before: { entity: 'case', entity_id: acmeCase, body: 'Wrong case, sorry' },
      });
    });
  });
});
