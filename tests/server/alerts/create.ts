import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentActions,
  agents,
  alertActivity,
  alertRequests,
  alerts,
  detections,
  mutes,
} from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

/** Registers the alert creation, merge and actions tests on the shared app of the enclosing backend. */
export function createSuite(ctx: AlertsContext) {
  describe('alert creation, merge and actions', () => {
    let t: TestApp;
    let viewer: { contactId: string };
    let muteId: string;

    beforeAll(async () => {
      t = ctx.t;
      viewer = ctx.viewer;
      const [mute] = await t.database.db
        .insert(mutes)
        .values([
          {
            customerId: t.fixtures.acme.customerId,
            conditions: [{ field: 'title', operator: 'contains', value: 'vulnerability scanner' }],
          },
          {
            customerId: t.fixtures.acme.customerId,
            state: 'inactive',
            conditions: [{ field: 'title', operator: 'contains', value: 'printer' }],
          },
        ])
        .returning();
      muteId = mute!.id;
    });

    const post = (user: { contactId: string } | null, url: string, payload?: unknown) =>
      t.as(user, {
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { headers: JSON_HEADERS, payload: JSON.stringify(payload) }),
      });
    const acme = () => t.fixtures.acme.customerId;
    const globex = () => t.fixtures.globex.customerId;

    describe('createAlert', () => {
      const create = (user: { contactId: string } | null, payload: unknown) =>
        post(user, '/api/alerts/v1/alerts/', payload);

      it('requires sign-in', async () => {
        expect((await create(null, { customer_id: acme(), title: 'x', type: 'y' })).statusCode).toBe(401);
      });

      it.each([
        ['a missing title', { type: 'edr' }, 'body.title'],
        ['an empty title', { title: '', type: 'edr' }, 'body.title'],
        ['a bad priority', { title: 'x', type: 'edr', priority: 'urgent' }, 'body.priority'],
        ['a risk score over 100', { title: 'x', type: 'edr', risk_score: 101 }, 'body.risk_score'],
        ['an unknown field', { title: 'x', type: 'edr', status: 'closed' }, 'body.status'],
        ['fields that are not an object', { title: 'x', type: 'edr', fields: [1] }, 'body.fields'],
      ])('rejects %s with 400', async (_, payload, field) => {
        const response = await create(t.fixtures.analyst, { customer_id: acme(), ...payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      });

      it('refuses read-only staff with 403 and another customer with 404', async () => {
        expect((await create(viewer, { customer_id: acme(), title: 'x', type: 'edr' })).statusCode).toBe(403);
        const response = await create(t.fixtures.acmeUser, {
          customer_id: globex(),
          title: 'planted',
          type: 'edr',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(`A customer with the ID ${globex()} was not found.`);
      });

      it('creates a new alert with its raw data and records it', async () => {
        const response = await create(t.fixtures.analyst, {
          customer_id: acme(),
          title: 'Saved search matched',
          type: 'search',
          priority: 'high',
          host_name: 'ACME-DC-01',
          fields: { hits: 12, user: 'ACME\\admin' },
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({
          status: 'new',
          priority: 'high',
          version: 1,
          fields: { hits: 12 },
          entity: { user: 'ACME\\admin', host: 'ACME-DC-01' },
        });
        const activity = await t.database.db
          .select()
          .from(alertActivity)
          .where(eq(alertActivity.alertId, response.json().id));
        expect(activity.map((a) => a.action)).toEqual(['created']);
      });

      it('stores an alert that an active mute matches as muted, naming the mute', async () => {
        const response = await create(t.fixtures.acmeUser, {
          customer_id: acme(),
          title: 'Weekly Vulnerability Scanner sweep',
          type: 'scan',
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().status).toBe('muted');
        const activity = await t.database.db
          .select()
          .from(alertActivity)
          .where(eq(alertActivity.alertId, response.json().id));
        expect(activity.find((a) => a.action === 'muted')?.after).toEqual({ mute_id: muteId });
        // An inactive mute silences nothing; another customer's alert is not matched by acme's mute.
        const printer = await create(t.fixtures.analyst, {
          customer_id: acme(),
          title: 'Printer offline',
          type: 'health',
        });
        expect(printer.json().status).toBe('new');
        const other = await create(t.fixtures.analyst, {
          customer_id: globex(),
          title: 'Vulnerability scanner',
          type: 'scan',
        });
        expect(other.json().status).toBe('new');
      });
    });

    describe('createTestAlert', () => {
      it('requires sign-in', async () => {
        expect((await post(null, '/api/alerts/v1/alerts/test', { customer_id: acme() })).statusCode).toBe(
          401,
        );
      });

      it('rejects a bad customer id with 400', async () => {
        const response = await post(t.fixtures.analyst, '/api/alerts/v1/alerts/test', {
          customer_id: 'acme',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details[0].field).toBe('body.customer_id');
      });

      it('answers 404 for a customer outside the caller’s reach', async () => {
        expect(
          (await post(t.fixtures.acmeUser, '/api/alerts/v1/alerts/test', { customer_id: globex() }))
            .statusCode,
        ).toBe(404);
      });

      it('creates a clearly labelled test alert', async () => {
        const response = await post(t.fixtures.acmeUser, '/api/alerts/v1/alerts/test', {
          customer_id: acme(),
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({
          title: 'Test alert',
          type: 'test',
          status: 'new',
          customer_id: acme(),
          fields: { test: true },
        });
      });
    });

    describe('mergeAlerts', () => {
      const merge = (user: { contactId: string } | null, payload: unknown) =>
        post(user, '/api/alerts/v1/alerts/merge', payload);

      it('requires sign-in', async () => {
        expect((await merge(null, { target_id: 1, source_ids: [2] })).statusCode).toBe(401);
      });

      it('rejects bad input with 400', async () => {
        expect((await merge(t.fixtures.analyst, { target_id: 1, source_ids: [] })).statusCode).toBe(400);
        expect((await merge(t.fixtures.analyst, { target_id: 1, source_ids: [2, 2] })).statusCode).toBe(400);
        expect((await merge(t.fixtures.analyst, { target_id: 1, source_ids: [1] })).statusCode).toBe(400);
        const [a, g] = await insertAlerts(t, [
          { customerId: acme(), title: 'a', type: 'x' },
          { customerId: globex(), title: 'g', type: 'x' },
        ]);
        const mixed = await merge(t.fixtures.analyst, { target_id: a!.id, source_ids: [g!.id] });
        expect(mixed.statusCode).toBe(400);
        expect(mixed.json().error.details[0].field).toBe('body.source_ids[0]');
      });

      it('answers 404 when an alert is another customer’s, and 403 for read-only staff', async () => {
        const [a, g] = await insertAlerts(t, [
          { customerId: acme(), title: 'a', type: 'x' },
          { customerId: globex(), title: 'g', type: 'x' },
        ]);
        expect((await merge(t.fixtures.acmeUser, { target_id: a!.id, source_ids: [g!.id] })).statusCode).toBe(
          404,
        );
        expect(
          (await t.database.db.select().from(alerts).where(eq(alerts.id, g!.id)))[0]!.mergedInto,
        ).toBeNull();
        expect((await merge(viewer, { target_id: a!.id, source_ids: [g!.id] })).statusCode).toBe(403);
      });

      it('closes the sources, moves their detections and records the merge everywhere', async () => {
        const [target, s1, s2] = await insertAlerts(t, [
          { customerId: acme(), title: 'Phishing wave', type: 'phishing' },
          { customerId: acme(), title: 'Phishing wave (2)', type: 'phishing', status: 'open' },
          { customerId: acme(), title: 'Phishing wave (3)', type: 'phishing', status: 'false_positive' },
        ]);
        await t.database.db.insert(detections).values([
          { customerId: acme(), alertId: s1!.id, name: 'link clicked' },
          { customerId: acme(), alertId: s2!.id, name: 'mail delivered' },
        ]);
        const response = await merge(t.fixtures.acmeUser, {
          target_id: target!.id,
          source_ids: [s1!.id, s2!.id],
          comment: 'Same campaign',
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ id: target!.id, detections_count: 2, version: 2 });
        const sources = await t.database.db
          .select()
          .from(alerts)
          .where(inArray(alerts.id, [s1!.id, s2!.id]));
        expect(sources.map((s) => [s.status, s.mergedInto])).toEqual([
          ['closed', target!.id],
          ['closed', target!.id],
        ]);
        const activity = await t.database.db
          .select()
          .from(alertActivity)
          .where(inArray(alertActivity.alertId, [target!.id, s1!.id, s2!.id]));
        expect(
          activity
            .filter((a) => a.action === 'merged_into')
            .map((a) => a.alertId)
            .sort(),
        ).toEqual([s1!.id, s2!.id].sort());
        expect(activity.find((a) => a.action === 'merged')?.after).toEqual({ source_ids: [s1!.id, s2!.id] });
        expect(activity.find((a) => a.action === 'commented')?.comment).toBe('Same campaign');
        const again = await merge(t.fixtures.acmeUser, { target_id: target!.id, source_ids: [s1!.id] });
        expect(again.statusCode).toBe(409);
        const intoMerged = await merge(t.fixtures.acmeUser, { target_id: s1!.id, source_ids: [target!.id] });
        expect(intoMerged.statusCode).toBe(409);
      });
    });

    describe('runAlertAction', () => {
      let hostAlert: number;
      let agentId: string;
      let unlinkedAlert: number;
      let cloudAlert: number;
      let globexAlert: number;
      beforeAll(async () => {
        const [agent] = await t.database.db
          .insert(agents)
          .values({
            customerId: acme(),
            hostName: 'ACME-WS-07',
            platform: 'windows',
            architecture: 'x64',
            version: '4.12.3',
          })
          .returning({ agentId: agents.agentId });
        agentId = agent!.agentId;
        const [h, u, c, g] = await insertAlerts(t, [
          { customerId: acme(), title: 'Malware on host', type: 'malware', hostName: 'ACME-WS-07', agentId },
          { customerId: acme(), title: 'Malware elsewhere', type: 'malware', hostName: 'UNKNOWN-01' },
          {
            customerId: acme(),
            title: 'Risky sign-in',
            type: 'identity',
            fields: { user_principal_name: 'j.smith@acme.example' },
          },
          { customerId: globex(), title: 'Globex malware', type: 'malware', hostName: 'GLOBEX-01' },
        ]);
        hostAlert = h!.id;
        unlinkedAlert = u!.id;
        cloudAlert = c!.id;
        globexAlert = g!.id;
      });
      const act = (
        user: { contactId: string } | null,
        id: number | string,
        action: string,
        payload?: unknown,
      ) => post(user, `/api/alerts/v0/alerts/${id}/action/${action}`, payload);

      it('requires sign-in', async () => {
        expect((await act(null, hostAlert, 'isolate', {})).statusCode).toBe(401);
      });

      it.each([
        ['an unknown action', 'format_disk', {}, 'params.action'],
        ['a file action without a path', 'quarantine_file', {}, 'body.path'],
        ['an option of another action', 'restart_agent', { path: 'C:\\x' }, 'body.path'],
        ['too short an isolation', 'isolate', { length: 5 }, 'body.length'],
      ])('rejects %s with 400', async (_, action, payload, field) => {
        const response = await act(t.fixtures.analyst, hostAlert, action, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details[0].field).toBe(field);
      });

      it('refuses an endpoint action on an alert without an enrolled agent, and queues nothing', async () => {
        for (const id of [cloudAlert, unlinkedAlert]) {
          const response = await act(t.fixtures.analyst, id, 'isolate', {});
          expect(response.statusCode).toBe(400);
          expect(response.json().error.details[0].field).toBe('action');
          const requests = await t.database.db
            .select()
            .from(alertRequests)
            .where(eq(alertRequests.alertId, id));
          expect(requests).toEqual([]);
        }
      });

      it('answers 404 for another customer’s alert and 403 for read-only staff', async () => {
        const foreign = await act(t.fixtures.acmeUser, globexAlert, 'revoke_sessions', { user: 'jdoe' });
        expect(foreign.statusCode).toBe(404);
        // Endpoint actions need modify_all, which the customer's user lacks.
        expect((await act(t.fixtures.acmeUser, hostAlert, 'isolate', {})).statusCode).toBe(403);
        expect((await act(viewer, hostAlert, 'isolate', {})).statusCode).toBe(403);
      });

      it('queues endpoint and identity actions and records them', async () => {
        const quarantine = await act(t.fixtures.analyst, hostAlert, 'quarantine_file', {
          path: 'C:\\Temp\\evil.exe',
          force: true,
        });
        expect(quarantine.statusCode, quarantine.body).toBe(201);
        expect(quarantine.json()).toMatchObject({
          alert_id: hostAlert,
          action: 'quarantine_file',
          status: 'queued',
          parameters: { agent_id: agentId, path: 'C:\\Temp\\evil.exe', force: true },
        });
        // A real action on the alert's agent, linked to the alert, for the agent to carry out.
        const [queued] = await t.database.db
          .select()
          .from(agentActions)
          .where(eq(agentActions.actionId, quarantine.json().parameters.agent_action_id));
        expect(queued).toMatchObject({
          agentId,
          alertId: hostAlert,
          type: 'quarantine_file',
          status: 'queued',
          parameters: { path: 'C:\\Temp\\evil.exe', force: true },
        });
        const lock = await act(t.fixtures.acmeUser, cloudAlert, 'lock_user');
        expect(lock.statusCode).toBe(201);
        expect(lock.json().parameters).toEqual({ user: 'j.smith@acme.example' });
        const activity = await t.database.db
          .select()
          .from(alertActivity)
          .where(eq(alertActivity.alertId, hostAlert));
        // One entry, naming the agent action (the activity follows it to its end).
        const requested = activity.filter((a) => a.action === 'action_requested');
        expect(requested).toHaveLength(1);
        expect(requested[0]!.after).toMatchObject({ agent_action_ids: [queued!.actionId] });
      });
    });

    describe('rerunAlertWorkflows', () => {
      it('requires sign-in, rejects a bad id and hides other customers', async () => {
        expect((await post(null, '/api/alerts/v1/alerts/1/workflows/rerun')).statusCode).toBe(401);
        expect((await post(t.fixtures.analyst, '/api/alerts/v1/alerts/x/workflows/rerun')).statusCode).toBe(
          400,
        );
        const [g] = await insertAlerts(t, [{ customerId: globex(), title: 'g', type: 'x' }]);
        expect(
          (await post(t.fixtures.acmeUser, `/api/alerts/v1/alerts/${g!.id}/workflows/rerun`)).statusCode,
        ).toBe(404);
      });

      it('queues a re-run with 202', async () => {
        const [a] = await insertAlerts(t, [{ customerId: acme(), title: 'a', type: 'x' }]);
        const response = await post(t.fixtures.acmeUser, `/api/alerts/v1/alerts/${a!.id}/workflows/rerun`);
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ request_id: expect.any(Number), status: 'queued' });
        const [request] = await t.database.db
          .select()
          .from(alertRequests)
          .where(eq(alertRequests.id, response.json().request_id));
        expect(request).toMatchObject({ kind: 'workflow_rerun', alertId: a!.id, status: 'queued' });
      });
    });
  });
}
