import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/server/auth/passwords.ts';
import { mailOutbox, userInvitations, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const PASSWORD = 'a long enough passphrase';

describe.each(backends())('invitation links on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const invite = async (email: string) => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/management/contacts',
      payload: { email, role_level: 'Customer', valid_customer_ids: [t.fixtures.acme.customerId] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { contactId: response.json().contact_id as string, path: await linkFor(email) };
  };
  const linkFor = async (email: string) => {
    const mails = (await t.database.db.select().from(mailOutbox)).filter((m) => m.recipients.includes(email));
    const url = /(https?:\/\/\S+\/idp\/invitation\/\S+)/.exec(mails.at(-1)!.text)![1]!;
    return new URL(url).pathname;
  };
  const submit = (path: string, password: string, confirm = password) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password, confirm }).toString(),
    });

  it('shows the set-password form, sets a scrypt password once, and the link is spent', async () => {
    const { contactId, path } = await invite('first@acme.test');
    const page = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'de-DE' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Passwort festlegen');
    expect(page.body).toContain('first@acme.test');

    expect((await submit(path, 'short', 'short')).statusCode).toBe(400);
    const differ = await submit(path, PASSWORD, `${PASSWORD}!`);
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('The two passwords are not the same.');

    const done = await submit(path, PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Password set');
    const [row] = await t.database.db.select().from(users).where(eq(users.contactId, contactId));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(PASSWORD, row!.passwordHash)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await submit(path, 'another long passphrase')).statusCode).toBe(404);
    const after = await t.as(t.fixtures.analyst, { url: `/api/management/contacts/${contactId}` });
    expect(after.json().invitation_pending).toBe(false);
  });

  it('refuses an expired, a replaced and a forged link alike', async () => {
    const { contactId, path } = await invite('second@acme.test');
    await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: `/api/management/contacts/${contactId}/invitation`,
    });
    const newer = await linkFor('second@acme.test');
    expect(newer).not.toBe(path);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const forged = `${newer.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newer })).statusCode).toBe(200);
    await t.database.db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.contactId, contactId));
    const expired = await t.app.inject({ method: 'GET', url: newer });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('This invitation link is not valid');
  });
});

describe('invitations with an external identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      OIDC_ISSUER: 'https://auth.example.test/',
      OIDC_CLIENT_ID: 'watchfloor',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => t.close());

  it('mails where to sign in, with no password link (the provider keeps passwords)', async () => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/management/contacts',
      payload: {
        email: 'sso@acme.test',
        role_level: 'Customer',
        valid_customer_ids: [t.fixtures.acme.customerId],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [mail] = (await t.database.db.select().from(mailOutbox)).filter((m) =>
      m.recipients.includes('sso@acme.test'),
    );
    expect(mail!.text).toContain("with your organisation's account");
    expect(mail!.text).not.toContain('/idp/invitation/');
    expect(await t.database.db.select().from(userInvitations)).toEqual([]);
  });
});
