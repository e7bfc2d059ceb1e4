import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSecret } from '../../src/server/auth/server-secrets.ts';
import { withLoopbackTwin } from '../../src/server/config.ts';
import { drizzleAdapterFactory } from '../../src/server/idp/adapter.ts';
import { chooseLocale } from '../../src/server/idp/i18n.ts';
import { loadIdpKeys } from '../../src/server/idp/keys.ts';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PASSWORD } from '../helpers/fixtures.ts';
import { authorizeRequest, Browser, formAction, listeningApp, signIn } from './idp-browser.ts';

describe('the embedded identity provider', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await listeningApp());
  });
  afterAll(() => t.close());

  /** The sign-in page an authorize request leads to, from a browser of its own. */
  const signInPage = async (extra: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const browser = new Browser(base, headers);
    const { response } = await browser.follow((await authorizeRequest(base, extra)).url);
    return { browser, response, html: await response.text() };
  };

  it('publishes discovery with the configured issuer, PKCE S256 and our scopes', async () => {
    const response = await fetch(`${base}/idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${base}/idp`);
    expect(metadata.authorization_endpoint).toBe(`${base}/idp/auth`);
    expect(metadata.end_session_endpoint).toBe(`${base}/idp/session/end`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'roles', 'watchfloor']),
    );
    expect(metadata.ui_locales_supported).toEqual(['en-GB', 'en-US', 'de-DE', 'fi-FI']);
  });

  it('keeps its keys in the database and publishes only the public half', async () => {
    const first = await loadIdpKeys(t.database.db);
    const second = await loadIdpKeys(t.database.db);
    expect(second).toEqual(first);
    expect(first.clientSecret).toBe(await sharedSecret(t.database.db, 'idp_client_secret'));
    const jwks = (await (await fetch(`${base}/idp/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(first.jwks.keys.map((k) => k.kid));
    expect(jwks.keys.every((k) => !('d' in k))).toBe(true);
  });

  it('shows an accessible sign-in page that works under the strict CSP', async () => {
    const { response, html } = await signInPage();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<title>Sign in to Watchfloor</title>');
    expect(html).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email"/);
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).not.toContain('<script');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost:\d+ http:\/\/127\.0\.0\.1:\d+/);
  });

  it('speaks German when ui_locales asks, and Finnish when the browser does', async () => {
    const german = await signInPage({ ui_locales: 'de-DE' });
    expect(german.html).toContain('<html lang="de-DE">');
    expect(german.html).toContain('<title>Bei Watchfloor anmelden</title>');
    expect(german.html).toContain('>Anmelden</button>');
    const refused = await german.browser.postForm(formAction(german.html), {
      email: 'user@acme.test',
      password: 'wrong',
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');

    const finnish = await signInPage({}, { 'accept-language': 'fi;q=0.9, sv;q=0.8' });
    expect(finnish.html).toContain('>Kirjaudu sisään</button>');
    expect(finnish.html).toContain('<label for="password">Salasana</label>');
  });

  it('answers 429 after ten failed attempts a minute from one address, even with the right password', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.99' };
    const { browser, html } = await signInPage({}, headers);
    const action = formAction(html);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const refused = await browser.postForm(action, {
        email: 'user@acme.test',
        password: `guess ${attempt}`,
      });
      expect(refused.status).toBe(401);
    }
    const limited = await browser.postForm(
      action,
      { email: 'user@acme.test', password: FIXTURE_PASSWORD },
      { 'accept-language': 'de-DE' },
    );
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Zu viele Anmeldeversuche.');
    // Another address is not affected.
    const other = await signIn(
      new Browser(base, { 'x-forwarded-for': '203.0.113.100' }),
      await authorizeRequest(base),
      'user@acme.test',
      FIXTURE_PASSWORD,
    );
    expect(other.callback?.searchParams.get('code')).toBeTruthy();
  });

  it('puts the profile, e-mail and roles claims into the ID token', async () => {
    const authorize = await authorizeRequest(base);
    const { callback } = await signIn(new Browser(base), authorize, 'admin@test.example', FIXTURE_PASSWORD);
    const response = await fetch(`${base}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback!.searchParams.get('code')!,
        redirect_uri: authorize.redirectUri,
        code_verifier: authorize.verifier,
        client_id: 'watchfloor-portal',
        client_secret: (await sharedSecret(t.database.db, 'idp_client_secret')) as string,
      }),
    });
    expect(response.status).toBe(200);
    const claims = decodeJwt(((await response.json()) as { id_token: string }).id_token);
    expect(claims).toMatchObject({
      iss: `${base}/idp`,
      aud: 'watchfloor-portal',
      sub: t.fixtures.admin.contactId,
      nonce: authorize.nonce,
      email: 'admin@test.example',
      email_verified: true,
      name: 'Ada Admin',
      given_name: 'Ada',
      family_name: 'Admin',
      roles: ['admin'],
    });
  });

  it('refuses an authorize request without PKCE', async () => {
    const authorize = new URL((await authorizeRequest(base)).url);
    authorize.searchParams.delete('code_challenge');
    authorize.searchParams.delete('code_challenge_method');
    const { url } = await new Browser(base).follow(authorize.href);
    expect(new URL(url).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows a translated "start again" page for an expired sign-in', async () => {
    const response = await fetch(`${base}/idp/interaction/not-a-real-one`, {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Diese Anmeldeseite ist abgelaufen.');
    expect(html).toContain(`href="${base}/login"`);

    // Errors the provider renders itself (here an unknown client) use the same page.
    const unknownClient = await fetch(`${base}/idp/auth?client_id=nobody&response_type=code&scope=openid`);
    expect(unknownClient.status).toBe(400);
    const problem = await unknownClient.text();
    expect(problem).toContain('<title>Sign-in problem</title>');
    expect(problem).toContain('<code>invalid_client</code>');
  });

  it('maps the default invalidation flow to the end-session endpoint', async () => {
    const response = await fetch(`${base}/idp/flows/-/default/invalidation/`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, base);
    expect(location.pathname).toBe('/idp/session/end');
    expect(location.searchParams.get('client_id')).toBe('watchfloor-portal');
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    const script = await fetch(`${base}/idp/assets/logout.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it('stores provider state in idp_store: find, consume, expiry, revoke by grant', async () => {
    const codes = drizzleAdapterFactory(t.database.db)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, -1);
    expect(await codes.find('c1')).toEqual({ grantId: 'g1', kind: 'AuthorizationCode' });
    expect(await codes.find('c2')).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    const sessions = drizzleAdapterFactory(t.database.db)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });
});

describe('identity provider helpers', () => {
  it('chooses the locale from ui_locales, then Accept-Language, then en-GB', () => {
    expect(chooseLocale('fi-FI de-DE', 'de-DE')).toBe('fi-FI');
    expect(chooseLocale('xx', 'de-AT,de;q=0.9')).toBe('de-DE');
    expect(chooseLocale(undefined, 'en-US')).toBe('en-US');
    expect(chooseLocale(undefined, 'en-AU, fi;q=0.5')).toBe('en-GB');
    expect(chooseLocale(undefined, 'fr-FR, fi;q=0.1, de;q=0')).toBe('fi-FI');
    expect(chooseLocale(undefined, undefined)).toBe('en-GB');
  });

  it('allows 127.0.0.1 beside localhost only', () => {
    expect(withLoopbackTwin('http://localhost:8080/login')).toEqual([
      'http://localhost:8080/login',
      'http://127.0.0.1:8080/login',
    ]);
    expect(withLoopbackTwin('https://soc.example/login')).toEqual(['https://soc.example/login']);
  });
});
