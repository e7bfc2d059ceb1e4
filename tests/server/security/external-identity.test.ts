import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssertedIdentity } from '../../../src/server/auth/identity-links.ts';
import { userIdentities, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const ISSUER = 'https://auth.example.com/application/o/watchfloor/';

/**
 * Users of an external identity provider are linked by issuer and subject; the first link by
 * e-mail needs an address the provider verified. The provider's answer (a verified ID token, what
 * openid-client hands back after its checks) is stood in for, so each claim can be chosen.
 */
describe.each(backends())('external identity provider links, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** Signs in as the provider would assert this identity; answers the e-mail of the console user, or the status. */
  const signInAs = async (identity: Partial<AssertedIdentity> & { subject: string }) => {
    vi.spyOn(t.app.relyingParty, 'redeem').mockResolvedValueOnce({
      identity: { issuer: ISSUER, email: null, emailVerified: false, ...identity },
      idToken: null,
    });
    const query = new URLSearchParams({
      authorization_code: 'code-from-the-provider',
      redirect_uri: 'http://localhost:8080/login/callback',
      code_verifier: 'v'.repeat(43),
      nonce: 'nonce-value',
    });
    const response = await t.app.inject({ url: `/api/auth/token?${query}` });
    if (response.statusCode !== 200) return response.statusCode;
    const me = await t.app.inject({
      url: '/api/user/',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    });
    return me.json().user.email as string;
  };
  const linksOf = (contactId: string) =>
    t.database.db.select().from(userIdentities).where(eq(userIdentities.contactId, contactId));

  it('refuses a first sign-in whose e-mail address the provider has not verified', async () => {
    expect(await signInAs({ subject: 'sub-unverified', email: 'analyst@test.example' })).toBe(401);
    expect(
      await signInAs({ subject: 'sub-unverified', email: 'analyst@test.example', emailVerified: false }),
    ).toBe(401);
    expect(await linksOf(t.fixtures.analyst.contactId)).toEqual([]);
  });

  it('links by verified e-mail (any case) once, then by issuer and subject alone', async () => {
    expect(
      await signInAs({ subject: 'sub-analyst', email: 'Analyst@TEST.example', emailVerified: true }),
    ).toBe('analyst@test.example');
    expect(await linksOf(t.fixtures.analyst.contactId)).toMatchObject([
      { issuer: ISSUER, subject: 'sub-analyst' },
    ]);
    // The address changed at the provider: still the same person, whatever it now says.
    expect(
      await signInAs({ subject: 'sub-analyst', email: 'analyst.new@test.example', emailVerified: true }),
    ).toBe('analyst@test.example');
    expect(await signInAs({ subject: 'sub-analyst' })).toBe('analyst@test.example');
  });

  it('does not let a changed e-mail at the provider take over another account', async () => {
    expect(await signInAs({ subject: 'sub-viewer', email: 'viewer@test.example', emailVerified: true })).toBe(
      'viewer@test.example',
    );
    // The viewer's provider account now claims the admin's address: still the viewer.
    expect(await signInAs({ subject: 'sub-viewer', email: 'admin@test.example', emailVerified: true })).toBe(
      'viewer@test.example',
    );
    expect(await linksOf(t.fixtures.admin.contactId)).toEqual([]);
    // A second provider account with an address of an account already linked there is refused.
    expect(
      await signInAs({ subject: 'sub-intruder', email: 'analyst@test.example', emailVerified: true }),
    ).toBe(401);
  });

  it('keeps the links of different providers apart', async () => {
    const other = 'https://login.other.example/';
    expect(
      await signInAs({ issuer: other, subject: 'sub-analyst', email: 'user@acme.test', emailVerified: true }),
    ).toBe('user@acme.test');
    expect(await signInAs({ subject: 'sub-analyst' })).toBe('analyst@test.example');
  });

  it('refuses a second user whose e-mail differs only in case', async () => {
    await expect(
      t.database.db
        .insert(users)
        .values({ partnerId: t.fixtures.partner.partnerId, email: 'ADMIN@test.example' }),
    ).rejects.toThrow();
  });
});
