import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/server/auth/passwords.ts';
import { auditLog, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { FIXTURE_PASSWORD } from '../../helpers/fixtures.ts';

describe.each(backends())('password and sessions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const withToken = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
      cookies: { 'XSRF-TOKEN': 'x' },
    });

  it("lists only the caller's own live sessions and ends one of them", async () => {
    const { acmeUser, globexUser } = t.fixtures;
    const first = await t.tokenFor(acmeUser);
    const second = await t.tokenFor(acmeUser);
    await t.tokenFor(globexUser);
    const listed = (await withToken(second, 'GET', '/api/profile/sessions')).json().sessions;
    expect(listed).toHaveLength(2);
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = listed.find((s: { current: boolean }) => !s.current);
    expect((await withToken(second, 'DELETE', `/api/profile/sessions/${other.session_id}`)).statusCode).toBe(
      204,
    );
    expect((await withToken(first, 'GET', '/api/profile/sessions')).statusCode).toBe(401);
    const globexSessions = (await t.as(globexUser, { url: '/api/profile/sessions' })).json().sessions;
    const foreign = globexSessions[0].session_id;
    expect((await withToken(second, 'DELETE', `/api/profile/sessions/${foreign}`)).statusCode).toBe(404);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { globexUser } = t.fixtures;
    const mine = await t.tokenFor(globexUser);
    const other = await t.tokenFor(globexUser);
    const wrong = await withToken(mine, 'PUT', '/api/profile/password', {
      current_password: 'not it',
      new_password: 'a brand new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe('current_password');
    const short = await withToken(mine, 'PUT', '/api/profile/password', {
      current_password: FIXTURE_PASSWORD,
      new_password: 'short',
    });
    expect(short.json().error.details[0].field).toBe('new_password');
    const ok = await withToken(mine, 'PUT', '/api/profile/password', {
      current_password: FIXTURE_PASSWORD,
      new_password: 'a brand new passphrase',
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.contactId, globexUser.contactId));
    expect(await verifyPassword('a brand new passphrase', row!.passwordHash)).toBe(true);
    expect((await withToken(mine, 'GET', '/api/profile/sessions')).statusCode).toBe(200);
    expect((await withToken(other, 'GET', '/api/profile/sessions')).statusCode).toBe(401);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'change_password'));
    expect(audits.map((a) => a.actorId)).toEqual([globexUser.contactId]);
  });
});
