import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { FIXTURE_PASSWORD } from '../helpers/fixtures.ts';
import { authorizeRequest, Browser, exchange, formAction, listeningApp, signIn } from './idp-browser.ts';

/** The console's whole sign-in and sign-out, over real HTTP, against the embedded IdP (DESIGN section 5). */
describe('sign-in with the embedded identity provider', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await listeningApp());
  });
  afterAll(() => t.close());

  const userOf = (token: string) =>
    fetch(`${base}/api/user/`, { headers: { authorization: `Bearer ${token}` } });

  it('signs in with the authorization code flow, PKCE and nonce, then signs out of the IdP too', async () => {
    const browser = new Browser(base);
    const authorize = await authorizeRequest(base);
    const { callback } = await signIn(browser, authorize, 'Analyst@Test.Example', FIXTURE_PASSWORD);
    expect(callback?.origin + (callback?.pathname ?? '')).toBe(`${base}/login/callback`);
    expect(callback!.searchParams.get('state')).toBe(authorize.state);
    expect(callback!.searchParams.get('iss')).toBe(`${base}/idp`);

    const exchanged = await exchange(base, authorize, callback!);
    expect(exchanged.status).toBe(200);
    const token = (await exchanged.json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe('Bearer');
    const me = await userOf(token.access_token);
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('analyst@test.example');

    // The code is single-use.
    expect((await exchange(base, authorize, callback!)).status).toBe(401);

    // Still signed in at the IdP: a new authorize request comes straight back with a code.
    const again = await authorizeRequest(base);
    const silent = await browser.follow(again.url);
    expect(silent.url).toContain('/login/callback?code=');

    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        cookie: 'XSRF-TOKEN=x-test',
        'x-xsrf-token': 'x-test',
      },
    });
    expect(logout.status).toBe(200);
    const { end_session_url } = (await logout.json()) as { end_session_url: string };
    expect(end_session_url.startsWith(`${base}/idp/session/end?`)).toBe(true);

    // The sign-out page confirms by itself (logout.js); without JavaScript the form is posted by hand.
    const confirm = await browser.follow(end_session_url);
    expect(confirm.response.status).toBe(200);
    const page = await confirm.response.text();
    expect(page).toContain('src="/idp/assets/logout.js"');
    expect(page).not.toMatch(/<script>/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const ended = await browser.postForm(formAction(page), { xsrf, logout: 'yes' });
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe(`${base}/login`);

    // The IdP session is gone: the next authorize request shows the sign-in page again.
    const after = await browser.follow((await authorizeRequest(base)).url);
    expect(after.response.status).toBe(200);
    expect(await after.response.text()).toContain('id="password"');
    // And the console session of the old token is revoked.
    expect((await userOf(token.access_token)).status).toBe(401);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const browser = new Browser(base, { 'x-forwarded-for': '198.51.100.20' });
    for (const [email, password] of [
      ['user@acme.test', 'not the password'],
      ['nobody@acme.test', FIXTURE_PASSWORD],
    ] as const) {
      const { callback, response } = await signIn(browser, await authorizeRequest(base), email, password);
      expect(callback).toBeNull();
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain('Incorrect e-mail or password.');
      expect(html).toContain(`value="${email}"`);
    }
  });

  it('refuses a tampered code_verifier or nonce with 401 in the error shape', async () => {
    const browser = new Browser(base, { 'x-forwarded-for': '198.51.100.21' });
    const first = await authorizeRequest(base);
    const { callback } = await signIn(browser, first, 'user@acme.test', FIXTURE_PASSWORD);
    const tampered = await exchange(base, first, callback!, {
      code_verifier: `${first.verifier.slice(0, -4)}AAAA`,
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({
      error: { code: 'unauthorized', message: expect.any(String) },
    });

    // Signed in already, so the second authorize request returns a code at once.
    const second = await authorizeRequest(base);
    const landed = await browser.follow(second.url);
    expect(landed.url).toContain('/login/callback?code=');
    const wrongNonce = await exchange(base, second, new URL(landed.url), { nonce: 'another-nonce-value' });
    expect(wrongNonce.status).toBe(401);
    expect(await wrongNonce.json()).toMatchObject({
      error: { code: 'unauthorized', message: expect.any(String) },
    });

    // iss is optional (the contract says "when the IdP sends one"), but a wrong one is refused.
    const code = async () => {
      const request = await authorizeRequest(base);
      return { request, callback: new URL((await browser.follow(request.url)).url) };
    };
    const mixedUp = await code();
    expect(
      (await exchange(base, mixedUp.request, mixedUp.callback, { iss: 'https://evil.example/idp' })).status,
    ).toBe(401);
    const withoutIss = await code();
    expect((await exchange(base, withoutIss.request, withoutIss.callback, { iss: '' })).status).toBe(200);
  });

  it('signs out through the default invalidation flow the spec names', async () => {
    const browser = new Browser(base, { 'x-forwarded-for': '198.51.100.22' });
    await signIn(browser, await authorizeRequest(base), 'user@acme.test', FIXTURE_PASSWORD);
    const confirm = await browser.follow('/idp/flows/-/default/invalidation/');
    const page = await confirm.response.text();
    expect(page).toContain('>Sign out</button>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const ended = await browser.postForm(formAction(page), { xsrf, logout: 'yes' });
    expect(ended.headers.get('location')).toBe(`${base}/login`);
    const after = await browser.follow((await authorizeRequest(base)).url);
    expect(await after.response.text()).toContain('id="password"');
  });
  it('signs a person out back to the address they used: the public one or its loopback twin, nothing else', async () => {
    const port = new URL(base).port;
    const returnTo = async (origin: string) => {
      const answer = await t.as(t.fixtures.analyst, {
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin },
      });
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json<{ end_session_url: string }>().end_session_url);
      return url.searchParams.get('post_logout_redirect_uri');
    };
    expect(await returnTo(`http://127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/login`);
    expect(await returnTo(base)).toBe(`${base}/login`);
    expect(await returnTo('https://elsewhere.example')).toBe(`${base}/login`);
  });
});
