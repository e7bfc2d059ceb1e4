import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionOfRedirect } from '../../../src/server/areas/connectors/redirect.ts';
import { auditLog, connectorCredentials } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { acmeAdmin, approve, EXTENSION_ID, REDIRECT, REPORTING_POLICY, setPolicy } from './helpers.ts';

describe('redirect addresses', () => {
  it('takes only an extension’s own addresses', () => {
    expect(extensionOfRedirect(REDIRECT)).toBe(EXTENSION_ID);
    expect(extensionOfRedirect(`https://${EXTENSION_ID}.chromiumapp.org/cb`)).toBe(EXTENSION_ID);
    for (const bad of [
      'https://evil.example/steal',
      `http://${EXTENSION_ID}.chromiumapp.org/cb`,
      `https://${EXTENSION_ID}.chromiumapp.org.evil.example/cb`,
      'chrome-extension://not-an-extension-id/x',
      `chrome-extension://${EXTENSION_ID}/x#token=old`,
      `chrome-extension://user:pw@${EXTENSION_ID}/x`,
      'javascript:alert(1)',
      'not a url',
    ])
      expect(() => extensionOfRedirect(bad), bad).toThrow(/Chrome extension/);
  });
});

describe.each(backends())('browser connector consent on %s', (backend) => {
  let t: TestApp;
  let admin: { contactId: string };
  const consentUrl = (customerId: string, redirect = REDIRECT) =>
    `/api/connectors/v1/chrome/consent?customer_id=${customerId}&redirect_uri=${encodeURIComponent(redirect)}`;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await acmeAdmin(t);
    await setPolicy(t, t.fixtures.acme.customerId, REPORTING_POLICY);
  });
  afterAll(() => t.close());

  it('asks for a sign-in, and refuses people who may not approve', async () => {
    const anonymous = await t.app.inject({ url: consentUrl(t.fixtures.acme.customerId) });
    expect(anonymous.statusCode).toBe(401);
    const plainUser = await t.as(t.fixtures.acmeUser, { url: consentUrl(t.fixtures.acme.customerId) });
    expect(plainUser.statusCode).toBe(403);
    expect(plainUser.json().error.message).toBe(
      'You need the modify_all permission to approve browser connectors.',
    );
  });

  it('names the customer, the extension and what the policy lets it do', async () => {
    const response = await t.as(admin, { url: consentUrl(t.fixtures.acme.customerId) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customer_id: t.fixtures.acme.customerId,
      customer_name: 'Acme Test',
      extension_id: EXTENSION_ID,
      enabled: true,
      scopes: ['read_policy', 'report_blocked_visits'],
      policy: REPORTING_POLICY,
    });
  });

  it('refuses a redirect to anything but an extension, naming redirect_uri', async () => {
    const response = await t.as(admin, {
      url: consentUrl(t.fixtures.acme.customerId, 'https://evil.example/'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'redirect_uri', reason: expect.stringContaining('chrome-extension://') },
    ]);
    const approved = await approve(t, admin, t.fixtures.acme.customerId, {
      redirect_uri: 'https://evil.example/',
    });
    expect(approved.statusCode).toBe(400);
    const none = await t.database.db.select().from(connectorCredentials);
    expect(none).toEqual([]);
  });

  it('hides another customer as not found', async () => {
    const response = await t.as(admin, { url: consentUrl(t.fixtures.globex.customerId) });
    expect(response.statusCode).toBe(404);
    const approved = await approve(t, admin, t.fixtures.globex.customerId);
    expect(approved.statusCode).toBe(404);
  });

  it('issues a credential shown once, handed over in the fragment with the state, stored hashed and audited', async () => {
    const response = await approve(t, admin, t.fixtures.acme.customerId);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^wfc_[0-9a-f-]{36}\.[A-Za-z0-9_-]{40,}$/);
    const fragment = new URLSearchParams(body.redirect_to.split('#')[1]);
    expect(body.redirect_to.startsWith(`${REDIRECT}#`)).toBe(true);
    expect(fragment.get('token')).toBe(body.token);
    expect(fragment.get('state')).toBe('st-123');
    expect(body.credential).toMatchObject({
      customer_id: t.fixtures.acme.customerId,
      customer_name: 'Acme Test',
      kind: 'chrome',
      extension_id: EXTENSION_ID,
      scopes: ['read_policy', 'report_blocked_visits'],
      approved_by: { id: admin.contactId, email: 'admin@acme.test' },
      revoked_at: null,
    });
    const [stored] = await t.database.db
      .select()
      .from(connectorCredentials)
      .where(eq(connectorCredentials.credentialId, body.credential.credential_id));
    expect(stored!.secretHash).not.toContain(body.token.split('.')[1]);
    expect(JSON.stringify(stored)).not.toContain(body.token.split('.')[1]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, body.credential.credential_id));
    expect(audits.map((a) => [a.action, a.entity, a.actorId])).toEqual([
      ['create', 'connector_credential', admin.contactId],
    ]);
  });

  it('refuses to approve while the policy has the extension off', async () => {
    await setPolicy(t, t.fixtures.globex.customerId, { ...REPORTING_POLICY, enabled: false });
    const response = await approve(t, t.fixtures.analyst, t.fixtures.globex.customerId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/turned off/);
  });

  it('lists the credentials to the customer’s administrator and staff, never their secret', async () => {
    await setPolicy(t, t.fixtures.globex.customerId, { ...REPORTING_POLICY, report_blocked_visits: false });
    const globex = await approve(t, t.fixtures.analyst, t.fixtures.globex.customerId);
    expect(globex.json().credential.scopes).toEqual(['read_policy']);
    const own = await t.as(admin, { url: '/api/connectors/v1/credentials' });
    expect(own.statusCode).toBe(200);
    expect(own.json().credentials.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      'Acme Test',
    ]);
    const staff = await t.as(t.fixtures.analyst, { url: '/api/connectors/v1/credentials' });
    expect(staff.json().credentials.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      'Globex Test',
      'Acme Test',
    ]);
    expect(JSON.stringify(staff.json())).not.toMatch(/secret|wfc_/);
    const revoked = await t.as(admin, {
      method: 'POST',
      url: `/api/connectors/v1/credentials/${globex.json().credential.credential_id}/revoke`,
    });
    expect(revoked.statusCode).toBe(404);
  });
});
