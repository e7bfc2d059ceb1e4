import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

describe.each(backends())('shell calls on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  describe('getHealth', () => {
    it('answers without sign-in and names the database', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: backend });
    });
  });

  describe('getCurrentUser', () => {
    it('returns the user, partner, permissions and attributes', async () => {
      const response = await t.as(t.fixtures.analyst, { url: '/api/user/' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({
        email: 'analyst@test.example',
        name: 'Ana Lyst',
        role_level: 'Global',
        admin: false,
        impersonator: null,
      });
      expect(body.partner.name).toBe('Test MSSP');
      expect(body.permissions).toEqual(['global_user', 'read_all', 'modify_all']);
      expect(body.attributes).toEqual({});
    });
  });

  describe('saveSettings', () => {
    it('requires the XSRF header on a write', async () => {
      const token = await t.tokenFor(t.fixtures.analyst);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        headers: { authorization: `Bearer ${token}` },
        payload: { theme: 'dark' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toMatch(/X-XSRF-TOKEN/);
    });

    it('saves preferences, merges them and audits the change', async () => {
      const first = await t.as(t.fixtures.analyst, {
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        payload: { theme: 'dark', locale: 'fi-FI' },
      });
      expect(first.statusCode).toBe(200);
      const second = await t.as(t.fixtures.analyst, {
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        payload: { default_page_size: 50 },
      });
      expect(second.json()).toEqual({ theme: 'dark', locale: 'fi-FI', default_page_size: 50 });
      const me = await t.as(t.fixtures.analyst, { url: '/api/user/' });
      expect(me.json().attributes).toEqual({ theme: 'dark', locale: 'fi-FI', default_page_size: 50 });
    });

    it('rejects bad values with the field and the reason, changing nothing', async () => {
      const response = await t.as(t.fixtures.acmeUser, {
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        payload: { theme: 'purple', timestamp_format: '25:99' },
      });
      expect(response.statusCode).toBe(400);
      const fields = response.json().error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['body.theme', 'body.timestamp_format']));
      const me = await t.as(t.fixtures.acmeUser, { url: '/api/user/' });
      expect(me.json().attributes).toEqual({});
    });

    it('rejects unknown settings', async () => {
      const response = await t.as(t.fixtures.acmeUser, {
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        payload: { admin: true },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0]).toEqual({
        field: 'body.admin',
        reason: 'is not a known field',
      });
    });
  });

  describe('listSupportTasks (admin detection)', () => {
    it('succeeds for an administrator', async () => {
      const response = await t.as(t.fixtures.admin, { url: '/api/support/v1/meta/tasks' });
      expect(response.statusCode).toBe(200);
      expect(response.json().tasks.length).toBeGreaterThan(0);
    });

    it('is forbidden to everyone else', async () => {
      for (const user of [t.fixtures.analyst, t.fixtures.acmeUser]) {
        const response = await t.as(user, { url: '/api/support/v1/meta/tasks' });
        expect(response.statusCode).toBe(403);
      }
    });
  });

  describe('impersonation', () => {
    it('lets an admin act as another user, names the impersonator, and ends it', async () => {
      const adminToken = await t.tokenFor(t.fixtures.admin);
      const headers = { authorization: `Bearer ${adminToken}`, 'x-xsrf-token': 'x' };
      const cookies = { 'XSRF-TOKEN': 'x' };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/support/v1/impersonation',
        headers,
        cookies,
        payload: { contact_id: t.fixtures.acmeUser.contactId },
      });
      expect(started.statusCode).toBe(200);
      const asUser = { authorization: `Bearer ${started.json().access_token}`, 'x-xsrf-token': 'x' };
      const me = await t.app.inject({ url: '/api/user/', headers: asUser });
      expect(me.json().user).toMatchObject({
        email: 'user@acme.test',
        impersonator: { email: 'admin@test.example' },
      });
      // The admin's own session was handed over, not kept alive beside the impersonation.
      expect((await t.app.inject({ url: '/api/user/', headers })).statusCode).toBe(401);

      const ended = await t.app.inject({
        method: 'DELETE',
        url: '/api/support/v1/impersonation',
        headers: asUser,
        cookies,
      });
      expect(ended.statusCode).toBe(200);
      const back = await t.app.inject({
        url: '/api/user/',
        headers: { authorization: `Bearer ${ended.json().access_token}` },
      });
      expect(back.json().user).toMatchObject({ email: 'admin@test.example', impersonator: null });
      expect((await t.app.inject({ url: '/api/user/', headers: asUser })).statusCode).toBe(401);
    });

    it('refuses non-admins and unknown users', async () => {
      const denied = await t.as(t.fixtures.analyst, {
        method: 'POST',
        url: '/api/support/v1/impersonation',
        payload: { contact_id: t.fixtures.acmeUser.contactId },
      });
      expect(denied.statusCode).toBe(403);
      const unknown = await t.as(t.fixtures.admin, {
        method: 'POST',
        url: '/api/support/v1/impersonation',
        payload: { contact_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.as(t.fixtures.admin, {
        method: 'POST',
        url: '/api/support/v1/impersonation',
        payload: { contact_id: 'nope' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0].field).toBe('body.contact_id');
    });

    it('ending a session that is not an impersonation is a conflict', async () => {
      const response = await t.as(t.fixtures.admin, {
        method: 'DELETE',
        url: '/api/support/v1/impersonation',
      });
      expect(response.statusCode).toBe(409);
    });
  });
});

describe('input the database cannot store', () => {
  it('is refused with 400 naming the field, never a 500', async () => {
    const t = await createTestApp('pglite');
    try {
      const response = await t.as(t.fixtures.analyst, { url: '/api/search/omnibox?query=a%00b' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0]).toEqual({
        field: 'querystring.query',
        reason: 'must not contain the NUL character',
      });
    } finally {
      await t.close();
    }
  });
});
