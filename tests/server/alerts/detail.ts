import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alertActivity,
  detections,
  integrationMappings,
  integrations,
} from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

/** Registers the alert detail tests on the shared app of the enclosing backend. */
export function detailSuite(ctx: AlertsContext) {
  describe('alert detail', () => {
    let t: TestApp;
    let viewer: { contactId: string };
    let phishId: number;
    let edrId: number;
    let globexId: number;

    beforeAll(async () => {
      t = ctx.t;
      viewer = ctx.viewer;
      const { acme, globex, partner } = t.fixtures;
      const [integration] = await t.database.db
        .insert(integrations)
        .values({
          partnerId: partner.partnerId,
          kind: 'mimecast',
          name: 'Mimecast EU',
          settings: { region: 'eu', api_token: 'leak-me-not' },
        })
        .returning();
      await t.database.db.insert(integrationMappings).values([
        {
          integrationId: integration!.id,
          customerId: acme.customerId,
          externalId: 'acme-tenant',
          externalName: 'ACME Ltd',
        },
        { integrationId: integration!.id, customerId: globex.customerId, externalId: 'globex-tenant' },
      ]);
      const [phish, edr, g] = await insertAlerts(t, [
        {
          customerId: acme.customerId,
          title: 'Credential phishing link delivered',
          type: 'phishing',
          integrationId: integration!.id,
          fields: {
            sender: 'no-reply@evil.example',
            sender_ip: '198.51.100.7',
            recipient: 'j.smith@acme.example',
            subject: 'Your password expires',
            url: 'https://evil.example/login?id=1',
          },
        },
        {
          customerId: acme.customerId,
          title: 'Ransomware behaviour detected',
          type: 'ransomware',
          priority: 'critical',
          hostName: 'ACME-WS-01',
          fields: {
            user: 'ACME\\jsmith',
            source_ip: '192.0.2.10',
            process_command_line: 'svchost.exe --encrypt --all',
            file_name: 'svchost.exe',
            file_path: 'C:\\Temp\\svchost.exe',
            file_sha256: 'a'.repeat(64),
            malware_family: 'LockBit',
          },
        },
        { customerId: globex.customerId, title: 'Globex alert', type: 'edr', integrationId: integration!.id },
      ]);
      phishId = phish!.id;
      edrId = edr!.id;
      globexId = g!.id;
      await t.database.db.insert(detections).values([
        {
          customerId: acme.customerId,
          alertId: edrId,
          name: 'Process encrypting files',
          technique: 'T1486',
          detectedAt: new Date('2025-01-01T00:00:00Z'),
        },
        {
          customerId: acme.customerId,
          alertId: edrId,
          name: 'Shadow copies deleted',
          technique: 'T1490',
          detectedAt: new Date('2025-01-01T00:01:00Z'),
        },
        { customerId: globex.customerId, alertId: globexId, name: 'Globex detection' },
      ]);
    });

    const get = (user: { contactId: string } | null, path: string) =>
      t.as(user, { url: `/api/alerts/v1/alerts/${path}` });

    describe('getAlert', () => {
      it('requires sign-in', async () => {
        expect((await get(null, String(edrId))).statusCode).toBe(401);
      });

      it('rejects a bad id with 400', async () => {
        for (const id of ['abc', '0', '-1', '99999999999999999999']) {
          const response = await get(t.fixtures.analyst, id);
          expect(response.statusCode, id).toBe(400);
          expect(response.json().error.details[0].field).toBe('params.id');
        }
      });

      it('answers 404 for another customer’s alert, with the same message as for a missing one', async () => {
        const response = await get(t.fixtures.acmeUser, String(globexId));
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({
          code: 'not_found',
          message: `Alert ${globexId} was not found.`,
        });
        expect((await get(t.fixtures.acmeUser, '987654321')).json().error.message).toBe(
          'Alert 987654321 was not found.',
        );
      });

      it('shows the alert with entity and file summaries, detections count and allowed transitions', async () => {
        const response = await get(t.fixtures.analyst, `${edrId}?skip_viewed=true`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: edrId,
          status: 'new',
          priority: 'critical',
          version: 1,
          detections_count: 2,
          merged_into: null,
          can_edit: true,
          allowed_transitions: [
            'open',
            'acknowledged',
            'escalated',
            'deferred',
            'closed',
            'false_positive',
            'accepted_risk',
          ],
          entity: {
            user: 'ACME\\jsmith',
            host: 'ACME-WS-01',
            ip: '192.0.2.10',
            process: 'svchost.exe --encrypt --all',
          },
          file: { name: 'svchost.exe', sha256: 'a'.repeat(64), malware_family: 'LockBit' },
          sender: null,
          url: null,
          fields: expect.objectContaining({ malware_family: 'LockBit' }),
        });
        expect(response.json()['@timestamp']).toEqual(expect.any(String));
      });

      it('shows sender and URL summaries of an e-mail alert', async () => {
        const response = await get(t.fixtures.acmeUser, `${phishId}?skip_viewed=true`);
        expect(response.json()).toMatchObject({
          sender: {
            address: 'no-reply@evil.example',
            ip: '198.51.100.7',
            recipient: 'j.smith@acme.example',
            subject: 'Your password expires',
          },
          url: { url: 'https://evil.example/login?id=1', domain: 'evil.example' },
          file: null,
          entity: { user: 'j.smith@acme.example', host: null },
        });
        expect((await get(viewer, `${phishId}?skip_viewed=true`)).json().can_edit).toBe(false);
      });

      it('records a view once per person unless skip_viewed is set', async () => {
        const views = async () =>
          (
            await t.database.db
              .select()
              .from(alertActivity)
              .where(and(eq(alertActivity.alertId, phishId), eq(alertActivity.action, 'viewed')))
          ).length;
        const before = await views();
        await get(t.fixtures.analyst, String(phishId));
        await get(t.fixtures.analyst, String(phishId));
        expect(await views()).toBe(before + 1);
        await get(t.fixtures.globexUser, `${globexId}?skip_viewed=true`);
        expect(await views()).toBe(before + 1);
      });
    });

    describe('listAlertDetections', () => {
      it('requires sign-in', async () => {
        expect((await get(null, `${edrId}/detections`)).statusCode).toBe(401);
      });

      it('rejects a bad page with 400', async () => {
        expect((await get(t.fixtures.analyst, `${edrId}/detections?batch_size=1001`)).statusCode).toBe(400);
        expect((await get(t.fixtures.analyst, `${edrId}/detections?offset=-1`)).statusCode).toBe(400);
      });

      it('answers 404 for another customer’s alert', async () => {
        expect((await get(t.fixtures.acmeUser, `${globexId}/detections`)).statusCode).toBe(404);
      });

      it('lists the detections oldest first, a page at a time', async () => {
        const response = await get(t.fixtures.acmeUser, `${edrId}/detections?batch_size=1&offset=1`);
        expect(response.json().detections).toEqual([
          expect.objectContaining({ alert_id: edrId, name: 'Shadow copies deleted', technique: 'T1490' }),
        ]);
      });
    });

    describe('getAlertIntegration and getAlertMappings', () => {
      it('requires sign-in', async () => {
        expect((await get(null, `${phishId}/integration`)).statusCode).toBe(401);
        expect((await get(null, `${phishId}/mappings`)).statusCode).toBe(401);
      });

      it('rejects a bad id with 400', async () => {
        expect((await get(t.fixtures.analyst, 'x/integration')).statusCode).toBe(400);
        expect((await get(t.fixtures.analyst, 'x/mappings')).statusCode).toBe(400);
      });

      it('answers 404 for another customer’s alert', async () => {
        expect((await get(t.fixtures.acmeUser, `${globexId}/integration`)).statusCode).toBe(404);
        expect((await get(t.fixtures.acmeUser, `${globexId}/mappings`)).statusCode).toBe(404);
      });

      it('shows the integration without secrets, and 404 when no integration sent the alert', async () => {
        const response = await get(t.fixtures.analyst, `${phishId}/integration`);
        expect(response.json()).toMatchObject({
          kind: 'mimecast',
          name: 'Mimecast EU',
          settings: { region: 'eu' },
        });
        expect(response.body).not.toContain('leak-me-not');
        expect((await get(t.fixtures.analyst, `${edrId}/integration`)).statusCode).toBe(404);
      });

      it('lists the mappings for the alert’s customer only', async () => {
        const response = await get(t.fixtures.analyst, `${phishId}/mappings`);
        expect(response.json().mappings).toEqual([
          expect.objectContaining({
            customer_id: t.fixtures.acme.customerId,
            external_id: 'acme-tenant',
            external_name: 'ACME Ltd',
          }),
        ]);
        expect((await get(t.fixtures.analyst, `${edrId}/mappings`)).json()).toEqual({ mappings: [] });
      });
    });

    describe('listAlertActivity and createAlertActivity', () => {
      const note = (user: { contactId: string } | null, id: number | string, payload: unknown) =>
        t.as(user, {
          method: 'POST',
          url: `/api/alerts/v1/alerts/${id}/activity`,
          headers: JSON_HEADERS,
          payload: JSON.stringify(payload),
        });

      it('requires sign-in', async () => {
        expect((await get(null, `${edrId}/activity`)).statusCode).toBe(401);
        expect((await note(null, edrId, { action: 'note', comment: 'x' })).statusCode).toBe(401);
      });

      it('rejects bad input with 400', async () => {
        expect((await note(t.fixtures.analyst, edrId, { action: 'delete', comment: 'x' })).statusCode).toBe(
          400,
        );
        expect((await note(t.fixtures.analyst, edrId, { action: 'note' })).statusCode).toBe(400);
        expect((await note(t.fixtures.analyst, edrId, { action: 'note', comment: ' ' })).statusCode).toBe(
          400,
        );
        expect((await get(t.fixtures.analyst, `${edrId}/activity?batch_size=abc`)).statusCode).toBe(400);
      });

      it('answers 404 for another customer’s alert, and refuses read-only staff', async () => {
        expect((await get(t.fixtures.acmeUser, `${globexId}/activity`)).statusCode).toBe(404);
        expect((await note(t.fixtures.acmeUser, globexId, { action: 'note', comment: 'x' })).statusCode).toBe(
          404,
        );
        expect((await note(viewer, edrId, { action: 'note', comment: 'x' })).statusCode).toBe(403);
      });

      it('adds a note and lists the activity newest first with the actor’s e-mail', async () => {
        const first = await note(t.fixtures.analyst, edrId, {
          action: 'note',
          comment: 'Called the customer',
        });
        expect(first.statusCode).toBe(201);
        expect(first.json()).toMatchObject({
          action: 'note',
          comment: 'Called the customer',
          actor_email: 'analyst@test.example',
        });
        await note(t.fixtures.acmeUser, edrId, { action: 'note', comment: 'Host reimaged' });
        const response = await get(t.fixtures.analyst, `${edrId}/activity?batch_size=2`);
        expect(response.json().activity.map((a: { comment: string }) => a.comment)).toEqual([
          'Host reimaged',
          'Called the customer',
        ]);
        expect(response.json().activity[0].actor_email).toBe('user@acme.test');
      });
    });
  });
}
