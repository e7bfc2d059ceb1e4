import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullDefenderAlerts } from '../../../src/server/areas/integrations/index.ts';
import { outboundSettings } from '../../../src/server/config.ts';
import { alerts } from '../../../src/server/db/schema/index.ts';
import { JOB_HANDLERS, laneHandlers } from '../../../src/server/jobs/registry.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type FakeGraph, type FakeGraphAlert, startFakeGraph } from '../../helpers/fake-graph.ts';
import { BASE, create, mapCustomer, validate } from './helpers.ts';

const HOME = '0a0a0a0a-0000-4000-8000-000000000000';
const ACME = 'acacacac-1111-4111-8111-111111111111';
const GLOBEX = '6b6b6b6b-2222-4222-8222-222222222222';
const outbound = outboundSettings({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });

const graphAlert = (
  id: string,
  tenantId: string,
  minutesAgo: number,
  title = `Alert ${id}`,
): FakeGraphAlert => ({
  id,
  tenantId,
  title,
  severity: 'high',
  category: 'Malware',
  lastUpdateDateTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  evidence: [
    {
      '@odata.type': '#microsoft.graph.security.deviceEvidence',
      deviceDnsName: `${id}-pc`,
      mdeDeviceId: `dev-${id}`,
    },
  ],
});

/** Microsoft Defender XDR through Graph security, against a local server speaking the sign-in and Graph. */
describe.each(backends())('Defender XDR integration on %s', (backend) => {
  let t: TestApp;
  let graph: FakeGraph;
  let id: string;
  const waits: number[] = [];
  const pull = () =>
    pullDefenderAlerts(t.database.db, id, {
      outbound,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
  const titles = async (user: { contactId: string }) =>
    (
      (await t.as(user, { url: '/api/alerts/v1/alerts/?page_size=100' })).json() as {
        alerts?: { title: string }[];
      }
    ).alerts?.map((alert) => alert.title) ?? [];
  const instance = async () => (await t.as(t.fixtures.analyst, { url: `${BASE}/${id}` })).json();

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await createTestApp(backend, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  it('signs in with client credentials to validate, naming what the sign-in said and never the secret', async () => {
    const made = await create(t, t.fixtures.analyst, {
      kind: 'microsoft_defender_xdr',
      name: 'Defender XDR',
      settings: { tenant_id: HOME, client_id: graph.clientId, login_url: graph.url, graph_url: graph.url },
      secrets: { client_secret: 'the-wrong-secret' },
    });
    expect(made.statusCode, made.body).toBe(201);
    id = made.json().id;
    expect(made.json().secrets).toEqual({ client_secret: 'set' });
    const refused = await validate(t, t.fixtures.analyst, id);
    expect(refused.json()).toMatchObject({ valid: false, message: 'One or more hosts failed to connect' });
    expect(refused.json().issues[0].reason).toContain('invalid_client: AADSTS7000215');
    expect(refused.body).not.toContain('the-wrong-secret');
    const saved = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { secrets: { client_secret: graph.clientSecret } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await validate(t, t.fixtures.analyst, id)).json()).toMatchObject({ valid: true });
    expect(graph.tokenRequests.at(-1)).toBe(HOME);
    expect(JSON.stringify(await instance())).not.toContain(graph.clientSecret);
    const bad = await create(t, t.fixtures.analyst, {
      kind: 'microsoft_defender_xdr',
      name: 'Bad',
      settings: { tenant_id: 'not-a-guid' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({
      field: 'settings.tenant_id',
      reason: 'Please provide a valid value. It must have the format 00000000-0000-0000-0000-000000000000.',
    });
  });

  it('pulls every page of each mapped tenant into that customer only, once per Graph alert', async () => {
    expect((await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, ACME)).statusCode).toBe(
      201,
    );
    expect(
      (await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.globex.customerId, GLOBEX)).statusCode,
    ).toBe(201);
    graph.alerts.set(ACME, [
      graphAlert('a1', ACME, 30, 'Acme ransomware'),
      graphAlert('a2', ACME, 20, 'Acme credential theft'),
      graphAlert('a3', ACME, 10, 'Acme lateral movement'),
      // A tenant's answer naming another tenant is never raised for this customer.
      graphAlert('g-leak', GLOBEX, 5, 'Globex secret in Acme answer'),
    ]);
    graph.alerts.set(GLOBEX, [graphAlert('g1', GLOBEX, 15, 'Globex phishing')]);
    // An alert changed two days ago is before the first pull's look-back.
    graph.alerts.get(GLOBEX)!.push(graphAlert('g-old', GLOBEX, 2 * 24 * 60, 'Globex old news'));

    const first = await pull();
    expect(first).toEqual({ raised: 4, repeated: 0, foreign: 1, errors: [] });
    expect(graph.requests.some((r) => r.includes('skiptoken=2'))).toBe(true);
    expect(graph.requests.some((r) => r.includes('lastUpdateDateTime%20ge%20'))).toBe(true);
    const acme = await titles(t.fixtures.acmeUser);
    expect(acme).toEqual(
      expect.arrayContaining(['Acme ransomware', 'Acme credential theft', 'Acme lateral movement']),
    );
    expect(acme.join()).not.toMatch(/Globex/);
    expect(await titles(t.fixtures.globexUser)).toEqual(['Globex phishing']);
    const [raised] = await t.database.db.select().from(alerts).where(eq(alerts.title, 'Acme ransomware'));
    expect(raised).toMatchObject({
      customerId: t.fixtures.acme.customerId,
      integrationId: id,
      priority: 'high',
      hostName: 'a1-pc',
      externalSource: 'Microsoft Defender',
    });
    expect(raised!.fields).toMatchObject({ graph_alert_id: 'a1', mde_device_id: 'dev-a1', tenant_id: ACME });

    // Pulled again, and an alert that changed since: nothing new is raised.
    graph.alerts.get(ACME)![0]!.lastUpdateDateTime = new Date().toISOString();
    const again = await pull();
    expect(again.raised).toBe(0);
    expect(again.repeated).toBeGreaterThanOrEqual(1);
    expect((await titles(t.fixtures.acmeUser)).filter((title) => title === 'Acme ransomware')).toHaveLength(
      1,
    );
    expect((await instance()).pulled_at).not.toBeNull();
  });

  it('waits out a 429 by its Retry-After and renews a token Graph no longer takes', async () => {
    graph.alerts.get(ACME)!.push(graphAlert('a4', ACME, 0, 'Acme after throttling'));
    graph.fail('/v1.0/security/alerts_v2', { status: 429, headers: { 'retry-after': '7' } });
    graph.expireTokens();
    const tokensBefore = graph.tokenRequests.length;
    waits.length = 0;
    const outcome = await pull();
    expect(outcome.errors).toEqual([]);
    expect(outcome.raised).toBe(1);
    expect(waits).toEqual([7000]);
    expect(graph.tokenRequests.length).toBeGreaterThan(tokensBefore);
    expect(await titles(t.fixtures.acmeUser)).toContain('Acme after throttling');
  });

  it('writes a clear error on the instance when Graph keeps failing, pulls the other tenants, and clears it once a pull works', async () => {
    graph.alerts.get(GLOBEX)!.push(graphAlert('g2', GLOBEX, 0, 'Globex while Acme throttled'));
    const throttled = { status: 429, headers: { 'retry-after': '1' } };
    // The first tenant asked (Acme, mapped first) is throttled on every attempt.
    graph.fail('/v1.0/security/alerts_v2', throttled, throttled, throttled, throttled);
    const failed = await pull();
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toMatch(new RegExp(`^${ACME}: 127\\.0\\.0\\.1:\\d+ answered 429`));
    expect(await titles(t.fixtures.globexUser)).toContain('Globex while Acme throttled');
    const shown = await instance();
    expect(shown.pull_error).toContain('answered 429');
    expect(shown.pull_error_at).not.toBeNull();
    expect((await pull()).errors).toEqual([]);
    expect((await instance()).pull_error).toBeNull();
  });

  it("reads a mapped customer's Entra ID groups, every page, for those who see the customer", async () => {
    graph.groups.set(ACME, [
      { id: 'g-3', displayName: 'Servers', securityEnabled: true, mailEnabled: false, groupTypes: [] },
      {
        id: 'g-1',
        displayName: 'Finance',
        securityEnabled: true,
        mailEnabled: true,
        groupTypes: ['Unified'],
      },
      { id: 'g-2', displayName: 'Admins', securityEnabled: true, mailEnabled: false, groupTypes: [] },
    ]);
    graph.groups.set(GLOBEX, [
      { id: 'x', displayName: 'Globex only', securityEnabled: true, mailEnabled: false, groupTypes: [] },
    ]);
    const url = `${BASE}/${id}/azure-groups?customer_id=${t.fixtures.acme.customerId}`;
    const read = await t.as(t.fixtures.viewer, { url });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      customer_id: t.fixtures.acme.customerId,
      tenant_id: ACME,
      truncated: false,
    });
    expect(read.json().groups.map((g: { display_name: string }) => g.display_name)).toEqual([
      'Admins',
      'Finance',
      'Servers',
    ]);
    expect((await t.as(t.fixtures.acmeUser, { url })).statusCode).toBe(403);
    const unmapped = await t.as(t.fixtures.viewer, {
      url: `${BASE}/${id}/azure-groups?customer_id=00000000-0000-4000-8000-000000000009`,
    });
    expect(unmapped.statusCode).toBe(404);
    expect(
      (await t.as(t.fixtures.viewer, { url: `${BASE}/${id}/azure-groups?customer_id=nope` })).statusCode,
    ).toBe(400);
    graph.fail('/v1.0/groups', {
      status: 403,
      body: { error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges' } },
    });
    const denied = await t.as(t.fixtures.viewer, { url });
    expect(denied.statusCode).toBe(502);
    expect(denied.json().error.message).toContain('answered 403');
    expect(denied.json().error.message).toContain('Authorization_RequestDenied');
  });

  it("gives reports the groups of the customers' mapped tenants, and names a tenant it cannot read", async () => {
    graph.groups.set(ACME, [
      { id: 'a-2', displayName: 'Servers', securityEnabled: true, mailEnabled: false, groupTypes: [] },
      { id: 'a-1', displayName: 'Finance', securityEnabled: true, mailEnabled: true, groupTypes: [] },
    ]);
    graph.groups.set(GLOBEX, [
      { id: 'x', displayName: 'Globex only', securityEnabled: true, mailEnabled: false, groupTypes: [] },
    ]);
    const acme = t.fixtures.acme.customerId;
    const url = `/api/ngreports/v0/azure-groups/?customer_ids=${acme}`;
    const read = await t.as(t.fixtures.viewer, { url });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      configured: true,
      message: null,
      groups: [
        { id: 'a-1', name: 'Finance', customer_id: acme },
        { id: 'a-2', name: 'Servers', customer_id: acme },
      ],
    });
    // A customer's own user never gets another customer's groups.
    const globex = await t.as(t.fixtures.globexUser, { url: '/api/ngreports/v0/azure-groups/' });
    expect(globex.statusCode).toBe(200);
    expect(JSON.stringify(globex.json())).not.toContain('Finance');
    graph.fail('/v1.0/groups', { status: 403, body: { error: { code: 'Authorization_RequestDenied' } } });
    const denied = await t.as(t.fixtures.viewer, { url });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ configured: true, groups: [] });
    expect(denied.json().message).toContain(ACME);
  });

  it('is pulled on a schedule in its own lane', () => {
    expect(Object.keys(laneHandlers('integrations'))).toEqual(['pull-graph-alerts']);
    expect(JOB_HANDLERS['pull-graph-alerts']).toBeDefined();
  });
});
