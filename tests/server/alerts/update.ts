import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, cases, discussions } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

/** Registers the alert updates tests on the shared app of the enclosing backend. */
export function updateSuite(ctx: AlertsContext) {
  describe('alert updates', () => {
    let t: TestApp;
    let viewer: { contactId: string };
    let acmeCase: number;
    let globexCase: number;

    beforeAll(async () => {
      t = ctx.t;
      viewer = ctx.viewer;
      const [a, g] = await t.database.db
        .insert(cases)
        .values([
          { customerId: t.fixtures.acme.customerId, title: 'Acme case' },
          { customerId: t.fixtures.globex.customerId, title: 'Globex case' },
        ])
        .returning();
      acmeCase = a!.id;
      globexCase = g!.id;
    });

    const acmeAlert = async (values: Partial<typeof alerts.$inferInsert> = {}) =>
      (
        await insertAlerts(t, [
          { customerId: t.fixtures.acme.customerId, title: 'Acme alert', type: 'edr', ...values },
        ])
      )[0]!;
    const globexAlert = async () =>
      (
        await insertAlerts(t, [
          { customerId: t.fixtures.globex.customerId, title: 'Globex alert', type: 'edr' },
        ])
      )[0]!;
    const put = (user: { contactId: string } | null, id: number | string, payload: unknown) =>
      t.as(user, {
        method: 'PUT',
        url: `/api/alerts/v1/alerts/${id}`,
        headers: JSON_HEADERS,
        payload: JSON.stringify(payload),
      });
    const bulk = (user: { contactId: string } | null, payload: unknown) =>
      t.as(user, {
        method: 'PUT',
        url: '/api/alerts/v1/alerts/',
        headers: JSON_HEADERS,
        payload: JSON.stringify(payload),
      });
    const rowOf = async (id: number) =>
      (await t.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]!;

    describe('updateAlert', () => {
      let alert: typeof alerts.$inferSelect;
      beforeEach(async () => {
        alert = await acmeAlert();
      });

      it('requires sign-in', async () => {
        expect((await put(null, alert.id, { version: 1, status: 'open' })).statusCode).toBe(401);
      });

      it.each([
        ['a bad id', 'abc', { version: 1, status: 'open' }, 'params.id'],
        ['a missing version', null, { status: 'open' }, 'body.version'],
        ['an unknown status', null, { version: 1, status: 'solved' }, 'body.status'],
        ['an unknown field', null, { version: 1, title: 'x' }, 'body.title'],
        ['a bad assignee', null, { version: 1, assigned_users: ['not an email'] }, 'body.assigned_users[0]'],
        ['too long a comment', null, { version: 1, comment: 'x'.repeat(10_001) }, 'body.comment'],
        ['nothing to change', null, { version: 1 }, 'body'],
      ])('rejects %s with 400', async (_, id, payload, field) => {
        const response = await put(t.fixtures.analyst, id ?? alert.id, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      });

      it('refuses assignees who cannot see the alert’s customer with 400', async () => {
        const stranger = await put(t.fixtures.analyst, alert.id, {
          version: 1,
          assigned_users: ['nobody@test.example'],
        });
        expect(stranger.statusCode).toBe(400);
        expect(stranger.json().error.details[0].field).toBe('body.assigned_users[0]');
        const otherCustomer = await put(t.fixtures.analyst, alert.id, {
          version: 1,
          assigned_users: ['analyst@test.example', 'user@globex.test'],
        });
        expect(otherCustomer.json().error.details[0].field).toBe('body.assigned_users[1]');
        const own = await put(t.fixtures.acmeUser, alert.id, {
          version: 1,
          assigned_users: ['user@acme.test'],
        });
        expect(own.json().assigned_users).toEqual(['user@acme.test']);
      });

      it('refuses a case of another customer with 400', async () => {
        const response = await put(t.fixtures.analyst, alert.id, { version: 1, case_id: globexCase });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details[0].field).toBe('body.case_id');
      });

      it('refuses read-only staff with 403', async () => {
        const response = await put(viewer, alert.id, { version: 1, status: 'open' });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe('You do not have permission to change alerts.');
      });

      it('answers 404 for an alert of another customer and leaves it alone', async () => {
        const other = await globexAlert();
        const response = await put(t.fixtures.acmeUser, other.id, { version: 1, status: 'closed' });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(`Alert ${other.id} was not found.`);
        expect((await rowOf(other.id)).status).toBe('new');
      });

      it('changes fields, records one activity row per field and an audit entry, and bumps the version', async () => {
        const response = await put(t.fixtures.analyst, alert.id, {
          version: 1,
          status: 'acknowledged',
          priority: 'critical',
          classification: 'true_positive',
          assigned_users: ['Analyst@Test.example'],
          case_id: acmeCase,
          comment: 'Looking into it',
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          id: alert.id,
          status: 'acknowledged',
          priority: 'critical',
          classification: 'true_positive',
          assigned_users: ['analyst@test.example'],
          case_id: acmeCase,
          version: 2,
        });
        const activity = await t.database.db
          .select()
          .from(alertActivity)
          .where(eq(alertActivity.alertId, alert.id));
        const updated = activity.filter((a) => a.action === 'updated');
        expect(updated.map((a) => a.field).sort()).toEqual([
          'assigned_users',
          'case_id',
          'classification',
          'priority',
          'status',
        ]);
        expect(updated.find((a) => a.field === 'status')).toMatchObject({
          before: 'new',
          after: 'acknowledged',
          actorId: t.fixtures.analyst.contactId,
        });
        expect(activity.find((a) => a.action === 'commented')?.comment).toBe('Looking into it');
        const comments = await t.database.db
          .select()
          .from(discussions)
          .where(eq(discussions.entityId, alert.id));
        expect(comments.map((c) => c.body)).toEqual(['Looking into it']);
        const audits = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(alert.id)));
        expect(audits.find((a) => a.entity === 'alert')).toMatchObject({
          action: 'update',
          before: expect.objectContaining({ status: 'new' }),
        });
        // Unassigning from the case.
        const out = await put(t.fixtures.analyst, alert.id, { version: 2, case_id: null });
        expect(out.json()).toMatchObject({ case_id: null, version: 3 });
      });

      it('lets a customer user change their own alert', async () => {
        const response = await put(t.fixtures.acmeUser, alert.id, { version: 1, status: 'open' });
        expect(response.statusCode).toBe(200);
        expect(response.json().status).toBe('open');
      });

      it('answers 409 conflict when the version is stale', async () => {
        await put(t.fixtures.analyst, alert.id, { version: 1, priority: 'high' });
        const response = await put(t.fixtures.acmeUser, alert.id, { version: 1, priority: 'low' });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({
          code: 'conflict',
          message: `Alert ${alert.id} was changed by someone else. Reload it and try again.`,
        });
        expect((await rowOf(alert.id)).priority).toBe('high');
      });

      it('enforces the decided status transitions', async () => {
        const closed = await put(t.fixtures.analyst, alert.id, { version: 1, status: 'closed' });
        expect(closed.json()).toMatchObject({ status: 'closed', allowed_transitions: ['reopened'] });
        const back = await put(t.fixtures.analyst, alert.id, { version: 2, status: 'open' });
        expect(back.statusCode).toBe(409);
        expect(back.json().error.code).toBe('invalid_transition');
        expect(back.json().error.message).toBe(
          `Alert ${alert.id} cannot move from closed to open: it can move to reopened.`,
        );
        const toNew = await put(t.fixtures.analyst, (await acmeAlert()).id, { version: 1, status: 'new' });
        expect(toNew.statusCode).toBe(200);
        const muted = await put(t.fixtures.analyst, (await acmeAlert({ status: 'open' })).id, {
          version: 1,
          status: 'muted',
        });
        expect(muted.statusCode).toBe(409);
        const reopened = await put(t.fixtures.analyst, alert.id, { version: 2, status: 'reopened' });
        expect(reopened.json()).toMatchObject({ status: 'reopened', version: 3 });
      });
    });

    describe('bulkUpdateAlerts', () => {
      it('requires sign-in', async () => {
        expect((await bulk(null, { ids: [1], fields: { status: 'open' } })).statusCode).toBe(401);
      });

      it.each([
        ['neither ids nor filter', { fields: { status: 'open' } }, 'body.ids'],
        ['both ids and filter', { ids: [1], filter: {}, fields: { status: 'open' } }, 'body.ids'],
        [
          'too many ids',
          { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), fields: { status: 'open' } },
          'body.ids',
        ],
        [
          'a bad filter',
          { filter: { statuses: ['gone'] }, fields: { status: 'open' } },
          'body.filter.statuses[0]',
        ],
        ['an unknown field', { ids: [1], fields: { title: 'x' } }, 'body.fields.title'],
        ['nothing to change', { ids: [1], fields: {} }, 'body.fields'],
        [
          'versions with a filter',
          { filter: {}, versions: { 1: 1 }, fields: { status: 'open' } },
          'body.versions',
        ],
      ])('rejects %s with 400', async (_, payload, field) => {
        const response = await bulk(t.fixtures.analyst, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      });

      it('refuses read-only staff with 403', async () => {
        expect((await bulk(viewer, { ids: [1], fields: { status: 'open' } })).statusCode).toBe(403);
      });

      it('fails only the alerts whose customer the assignee cannot see', async () => {
        const [a, g] = await insertAlerts(t, [
          { customerId: t.fixtures.acme.customerId, title: 'assign a', type: 'edr' },
          { customerId: t.fixtures.globex.customerId, title: 'assign g', type: 'edr' },
        ]);
        const response = await bulk(t.fixtures.analyst, {
          ids: [a!.id, g!.id],
          fields: { assigned_users: ['user@acme.test'] },
        });
        expect(response.json().updated).toEqual([{ id: a!.id, version: 2 }]);
        expect(response.json().failed).toEqual([
          { id: g!.id, code: 'bad_request', message: expect.any(String) },
        ]);
        expect((await rowOf(a!.id)).assignedUsers).toEqual(['user@acme.test']);
      });

      it('never touches another customer’s alerts, by ids or by filter', async () => {
        const other = await globexAlert();
        const byIds = await bulk(t.fixtures.acmeUser, { ids: [other.id], fields: { status: 'closed' } });
        expect(byIds.json()).toEqual({
          updated: [],
          failed: [{ id: other.id, code: 'not_found', message: `Alert ${other.id} was not found.` }],
        });
        const byFilter = await bulk(t.fixtures.acmeUser, {
          filter: { customer_ids: [t.fixtures.globex.customerId] },
          fields: { status: 'closed' },
        });
        expect(byFilter.json()).toEqual({ updated: [], failed: [] });
        expect((await rowOf(other.id)).status).toBe('new');
      });

      it('updates by ids with per-alert results: a stale version and a forbidden transition fail alone', async () => {
        const [a, b, c, d] = await insertAlerts(t, [
          { customerId: t.fixtures.acme.customerId, title: 'bulk a', type: 'edr' },
          { customerId: t.fixtures.acme.customerId, title: 'bulk b', type: 'edr', version: 4 },
          { customerId: t.fixtures.acme.customerId, title: 'bulk c', type: 'edr', status: 'false_positive' },
          { customerId: t.fixtures.acme.customerId, title: 'bulk d', type: 'edr', status: 'escalated' },
        ]);
        const response = await bulk(t.fixtures.analyst, {
          ids: [a!.id, b!.id, c!.id, d!.id],
          versions: { [a!.id]: 1, [b!.id]: 3 },
          fields: { status: 'escalated', priority: 'high' },
          comment: 'Escalated together',
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json();
        expect(result.updated).toEqual([
          { id: a!.id, version: 2 },
          { id: d!.id, version: 2 },
        ]);
        expect(result.failed).toEqual([
          {
            id: b!.id,
            code: 'conflict',
            message: `Alert ${b!.id} was changed by someone else. Reload it and try again.`,
          },
          {
            id: c!.id,
            code: 'invalid_transition',
            message: expect.stringContaining('from false_positive to escalated'),
          },
        ]);
        expect((await rowOf(a!.id)).status).toBe('escalated');
        expect((await rowOf(b!.id)).status).toBe('new');
        expect((await rowOf(c!.id)).status).toBe('false_positive');
        // d was already escalated: only the priority changed.
        const dActivity = await t.database.db
          .select()
          .from(alertActivity)
          .where(eq(alertActivity.alertId, d!.id));
        expect(dActivity.filter((x) => x.action === 'updated').map((x) => x.field)).toEqual(['priority']);
        expect(dActivity.filter((x) => x.action === 'commented')).toHaveLength(1);
      });

      it('updates all alerts that match a filter', async () => {
        await insertAlerts(
          t,
          Array.from({ length: 5 }, (_, i) => ({
            customerId: t.fixtures.acme.customerId,
            title: `Noisy scanner ${i}`,
            type: 'scan',
          })),
        );
        const response = await bulk(t.fixtures.analyst, {
          filter: { title: 'noisy scanner', customer_ids: [t.fixtures.acme.customerId] },
          fields: { status: 'closed', classification: 'benign_positive' },
        });
        expect(response.json().updated).toHaveLength(5);
        expect(response.json().failed).toEqual([]);
        const list = await t.as(t.fixtures.analyst, {
          url: '/api/alerts/v1/alerts/?title=noisy%20scanner&statuses=closed',
        });
        expect(list.json().total).toBe(5);
      });
    });
  });
}
