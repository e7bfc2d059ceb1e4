import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends, sharedDatabase } from '../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';
import { freePort } from './idp-browser.ts';

/**
 * A signed-in caller is resolved once and reused for the token's later calls
 * (auth/session-principals.ts). Each test calls with a token first, so its caller is kept, then
 * changes what the caller is made of, and shows that the very next call sees the change.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call with a bearer, as the console makes it (XSRF cookie and header). */
function call(app: FastifyInstance, token: string, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
    cookies: { 'XSRF-TOKEN': 'x' },
  });
}

/** Calls twice, so the caller is resolved and then served as kept, and returns the second answer. */
async function warm(app: FastifyInstance, token: string, url = '/api/user/') {
  expect((await call(app, token, 'GET', url)).statusCode).toBe(200);
  const again = await call(app, token, 'GET', url);
  expect(again.statusCode).toBe(200);
  return again.json();
}

/**
 * Settings for an app that listens, as signing out needs: the relying party reads the embedded
 * IdP's discovery document over HTTP to build the IdP's sign-out address.
 */
async function listening() {
  const port = await freePort();
  return { port, env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` } };
}

const customerNames = async (app: FastifyInstance, token: string) =>
  (await call(app, token, 'GET', '/api/management/customers'))
    .json()
    .customers.map((c: { name: string }) => c.name);

describe.each(backends())('a kept caller never outlives a change, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    const { port, env } = await listening();
    t = await createTestApp(backend, env);
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses a signed-out token on its very next call', async () => {
    const token = await t.tokenFor(t.fixtures.analyst);
    await warm(t.app, token);
    expect((await call(t.app, token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    const after = await call(t.app, token, 'GET', '/api/user/');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('refuses a session its owner ended from another session', async () => {
    const { viewer } = t.fixtures;
    const [mine, other] = [await t.tokenFor(viewer), await t.tokenFor(viewer)];
    await warm(t.app, other);
    const sessions = (await call(t.app, mine, 'GET', '/api/profile/sessions')).json().sessions;
    const otherId = sessions.find((s: { current: boolean }) => !s.current).session_id;
    expect((await call(t.app, mine, 'DELETE', `/api/profile/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await call(t.app, other, 'GET', '/api/user/')).statusCode).toBe(401);
    expect((await call(t.app, mine, 'GET', '/api/user/')).statusCode).toBe(200);
  });

  it('answers with changed permissions and customers from the next call', async () => {
    const { admin, acme, globex } = t.fixtures;
    const [person] = await t.database.db
      .insert(users)
      .values({
        partnerId: t.fixtures.partner.partnerId,
        email: 'moved@acme.test',
        roleLevel: 'Customer',
        validCustomerIds: [acme.customerId],
      })
      .returning();
    const token = await t.tokenFor(person!);
    expect((await warm(t.app, token)).permissions).toEqual([]);
    expect(await customerNames(t.app, token)).toEqual(['Acme Test']);

    const changed = await t.as(admin, {
      method: 'PATCH',
      url: `/api/management/contacts/${person!.contactId}`,
      payload: { permissions: ['read_all'], valid_customer_ids: [globex.customerId] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t.app, token, 'GET', '/api/user/')).json().permissions).toEqual(['read_all']);
    expect(await customerNames(t.app, token)).toEqual(['Globex Test']);
  });

  it('refuses a deleted user at once', async () => {
    const [person] = await t.database.db
      .insert(users)
      .values({ partnerId: t.fixtures.partner.partnerId, email: 'leaving@test.example', roleLevel: 'Global' })
      .returning();
    const token = await t.tokenFor(person!);
    await warm(t.app, token);
    const deleted = await t.as(t.fixtures.admin, {
      method: 'DELETE',
      url: `/api/management/contacts/${person!.contactId}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call(t.app, token, 'GET', '/api/user/')).statusCode).toBe(401);
  });

  it('shows staff a customer added to their organisation on their next call', async () => {
    const token = await t.tokenFor(t.fixtures.analyst);
    await warm(t.app, token, '/api/management/customers');
    expect(await customerNames(t.app, token)).not.toContain('Initech Test');
    const created = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: '/api/management/customers',
      payload: { name: 'Initech Test' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await customerNames(t.app, token)).toContain('Initech Test');
  });

  it('answers with saved settings from the next call', async () => {
    const token = await t.tokenFor(t.fixtures.globexUser);
    expect((await warm(t.app, token)).attributes).not.toHaveProperty('default_page_size');
    const saved = await call(t.app, token, 'PUT', '/api/portal/v1/settings/', { default_page_size: 50 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t.app, token, 'GET', '/api/user/')).json().attributes).toMatchObject({
      default_page_size: 50,
    });
  });

  it('refuses an impersonation once it ended, and once its administrator lost the right', async () => {
    const { admin, acmeUser } = t.fixtures;
    const impersonate = async () => {
      const started = await t.as(admin, {
        method: 'POST',
        url: '/api/support/v1/impersonation',
        payload: { contact_id: acmeUser.contactId },
      });
      expect(started.statusCode, started.body).toBe(200);
      return started.json().access_token as string;
    };
    const first = await impersonate();
    expect((await warm(t.app, first)).user.impersonator).toEqual({ email: admin.email });
    const ended = await call(t.app, first, 'DELETE', '/api/support/v1/impersonation');
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await call(t.app, first, 'GET', '/api/user/')).statusCode).toBe(401);

    // A change made straight in the database, by no handler, counts the same.
    const second = await impersonate();
    await warm(t.app, second);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.contactId, admin.contactId));
    expect((await call(t.app, second, 'GET', '/api/user/')).statusCode).toBe(401);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.contactId, admin.contactId));
  });

  it('refuses a revoked API key at once', async () => {
    const { admin, acme } = t.fixtures;
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/profile/api-keys',
      payload: { name: 'script', access: 'read', customer_ids: [acme.customerId], expires_in_days: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, key_id } = created.json();
    const byKey = () => t.app.inject({ url: '/api/user/', headers: { authorization: `Bearer ${key}` } });
    expect((await byKey()).statusCode).toBe(200);
    expect((await byKey()).statusCode).toBe(200);
    const revoked = await t.as(admin, { method: 'DELETE', url: `/api/profile/api-keys/${key_id}` });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await byKey()).statusCode).toBe(401);
  });
});

describe.each(backends())('two API instances on one %s database', (backend) => {
  let apps: [FastifyInstance, FastifyInstance];
  let fixtures: Fixtures;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { first, second } = await sharedDatabase(backend);
    fixtures = await insertFixtures(first.db);
    const { port, env } = await listening();
    const config = (more: NodeJS.ProcessEnv = {}) =>
      loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://', ...more });
    apps = [
      await buildApp(config(env), first, { logger: false }),
      await buildApp(config(), second, { logger: false }),
    ];
    await apps[0].listen({ port, host: '127.0.0.1' });
    close = async () => {
      for (const app of apps) await app.close();
      await first.close();
    };
  });
  afterAll(() => close());

  it('refuses on one instance a token signed out through the other', async () => {
    const [one, other] = apps;
    const token = (await one.sessionTokens.issue(fixtures.analyst.contactId)).access_token;
    await warm(one, token);
    await warm(other, token);
    expect((await call(one, token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await call(other, token, 'GET', '/api/user/')).statusCode).toBe(401);
  });

  it('answers on one instance with permissions changed through the other', async () => {
    const [one, other] = apps;
    const { admin, viewer } = fixtures;
    const token = (await other.sessionTokens.issue(viewer.contactId)).access_token;
    expect((await warm(other, token)).permissions).toEqual(['global_user', 'read_all']);
    const adminToken = (await one.sessionTokens.issue(admin.contactId)).access_token;
    const changed = await call(one, adminToken, 'PATCH', `/api/management/contacts/${viewer.contactId}`, {
      permissions: ['global_user', 'read_all', 'modify_all'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(other, token, 'GET', '/api/user/')).json().permissions).toEqual([
      'global_user',
      'read_all',
      'modify_all',
    ]);
  });
});
