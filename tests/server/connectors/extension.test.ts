import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { acmeAdmin, approve, asExtension, REPORTING_POLICY, setPolicy } from './helpers.ts';

const POLICY = '/api/connector/v1/chrome/policy';
const VISITS = '/api/connector/v1/chrome/blocked-visits';
const visit = { url: 'https://evil.example/login', reason: 'blocked_domain', user_email: 'cas@acme.test' };

describe.each(backends())('the browser extension’s calls on %s', (backend) => {
  let t: TestApp;
  let admin: { contactId: string };
  let acmeToken: string;
  let globexToken: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await acmeAdmin(t);
    await setPolicy(t, t.fixtures.acme.customerId, REPORTING_POLICY);
    await setPolicy(t, t.fixtures.globex.customerId, { ...REPORTING_POLICY, report_blocked_visits: false });
    acmeToken = (await approve(t, admin, t.fixtures.acme.customerId)).json().token;
    globexToken = (await approve(t, t.fixtures.analyst, t.fixtures.globex.customerId)).json().token;
  });
  afterAll(() => t.close());

  it('refuses calls without a valid credential', async () => {
    expect((await t.app.inject({ url: POLICY })).statusCode).toBe(401);
    const wrong = `${acmeToken.slice(0, -4)}AAAA`;
    const refused = await asExtension(t, wrong, { url: POLICY });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('Unknown connector credential.');
    // A person's session is not the extension's credential either.
    const session = await t.as(admin, { url: POLICY });
    expect(session.statusCode).toBe(401);
  });

  it('reads only its own customer’s policy', async () => {
    const acme = await asExtension(t, acmeToken, { url: POLICY });
    expect(acme.statusCode).toBe(200);
    expect(acme.json()).toEqual({
      customer_id: t.fixtures.acme.customerId,
      customer_name: 'Acme Test',
      scopes: ['read_policy', 'report_blocked_visits'],
      policy: REPORTING_POLICY,
    });
    const globex = await asExtension(t, globexToken, { url: POLICY });
    expect(globex.json()).toMatchObject({
      customer_id: t.fixtures.globex.customerId,
      scopes: ['read_policy'],
    });
  });

  it('makes none of the console’s calls', async () => {
    for (const url of [
      '/api/alerts/v1/alerts/',
      `/api/management/customers/${t.fixtures.acme.customerId}/chrome-policy`,
      '/api/connectors/v1/credentials',
      '/api/user/',
    ]) {
      const response = await asExtension(t, acmeToken, { url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(
        "A browser connector credential can only make the browser extension's calls.",
      );
    }
  });

  it('reports a blocked visit as an alert of its customer, through the one alert path', async () => {
    const response = await asExtension(t, acmeToken, { method: 'POST', url: VISITS, payload: visit });
    expect(response.statusCode).toBe(201);
    const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.id, response.json().alert_id));
    expect(alert).toMatchObject({
      customerId: t.fixtures.acme.customerId,
      title: 'Browser visit blocked: evil.example',
      type: 'browser_blocked_visit',
      priority: 'high',
      status: 'new',
    });
    expect(alert!.fields).toMatchObject({ url: 'https://evil.example/login', user_email: 'cas@acme.test' });
    const seen = await t.as(t.fixtures.acmeUser, { url: `/api/alerts/v1/alerts/${alert!.id}` });
    expect(seen.statusCode).toBe(200);
    const hidden = await t.as(t.fixtures.globexUser, { url: `/api/alerts/v1/alerts/${alert!.id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it('reports nothing without the scope, after the policy stops reporting, or for a bad address', async () => {
    const noScope = await asExtension(t, globexToken, { method: 'POST', url: VISITS, payload: visit });
    expect(noScope.statusCode).toBe(403);
    const bad = await asExtension(t, acmeToken, {
      method: 'POST',
      url: VISITS,
      payload: { ...visit, url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'url', reason: 'must be an http or https address' }]);
    await setPolicy(t, t.fixtures.acme.customerId, { ...REPORTING_POLICY, report_blocked_visits: false });
    const stopped = await asExtension(t, acmeToken, { method: 'POST', url: VISITS, payload: visit });
    expect(stopped.statusCode).toBe(409);
    await setPolicy(t, t.fixtures.acme.customerId, REPORTING_POLICY);
  });

  it('is refused once its approver can no longer approve it', async () => {
    await t.database.db
      .update(users)
      .set({ permissions: ['read_all'] })
      .where(eq(users.contactId, admin.contactId));
    const refused = await asExtension(t, acmeToken, { url: POLICY });
    expect(refused.statusCode).toBe(401);
    await t.database.db
      .update(users)
      .set({ permissions: ['read_all', 'modify_all'] })
      .where(eq(users.contactId, admin.contactId));
    expect((await asExtension(t, acmeToken, { url: POLICY })).statusCode).toBe(200);
  });

  it('is refused at once when revoked, and shows when it was last used', async () => {
    const listed = await t.as(admin, { url: '/api/connectors/v1/credentials' });
    const [credential] = listed.json().credentials;
    expect(credential.last_used_at).not.toBeNull();
    const revoked = await t.as(admin, {
      method: 'POST',
      url: `/api/connectors/v1/credentials/${credential.credential_id}/revoke`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const refused = await asExtension(t, acmeToken, { url: POLICY });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('This connector credential was revoked.');
    const again = await t.as(admin, {
      method: 'POST',
      url: `/api/connectors/v1/credentials/${credential.credential_id}/revoke`,
    });
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
  });
});
