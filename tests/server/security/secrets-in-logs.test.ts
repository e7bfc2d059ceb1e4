import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { loggableUrl, loggerOptions } from '../../../src/server/logging.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { FIXTURE_PASSWORD } from '../../helpers/fixtures.ts';
import { authorizeRequest, Browser, exchange, formAction, freePort, signIn } from '../idp-browser.ts';

/** Everything the server logs, one line per write, captured at the most verbose level. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('no secret in any log', () => {
  let t: TestApp;
  let base: string;
  const log = capturedLog();
  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    t = await createTestApp(
      'pglite',
      { PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'trace', TRUST_PROXY: '127.0.0.1' },
      { logStream: log.stream },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('keeps codes, verifiers, nonces, tokens, passwords and cookies out of the log of a whole sign-in', async () => {
    const secrets = new Map<string, string>();
    const browser = new Browser(base);
    const authorize = await authorizeRequest(base);
    secrets.set('PKCE verifier', authorize.verifier);
    secrets.set('nonce', authorize.nonce);
    secrets.set('state', authorize.state);
    secrets.set('code challenge', new URL(authorize.url).searchParams.get('code_challenge')!);
    secrets.set('password', FIXTURE_PASSWORD);

    // A refused password first: its form is logged nowhere either.
    const refused = await signIn(
      browser,
      await authorizeRequest(base),
      'analyst@test.example',
      'wrong-secret-pw',
    );
    expect(refused.response.status).toBe(401);
    secrets.set('wrong password', 'wrong-secret-pw');

    const { callback } = await signIn(browser, authorize, 'analyst@test.example', FIXTURE_PASSWORD);
    const code = callback!.searchParams.get('code')!;
    secrets.set('authorization code', code);
    // The browser lands on the console's callback page with the code in its address.
    await fetch(callback!.href);

    const exchanged = await exchange(base, authorize, callback!);
    expect(exchanged.status).toBe(200);
    const token = (await exchanged.json()) as { access_token: string };
    secrets.set('access token', token.access_token);
    // The code is single-use: the refusal is logged with its error, still without the code.
    expect((await exchange(base, authorize, callback!)).status).toBe(401);

    const me = await fetch(`${base}/api/user/`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.status).toBe(200);

    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        cookie: 'XSRF-TOKEN=xsrf-cookie-value-1234',
        'x-xsrf-token': 'xsrf-cookie-value-1234',
      },
    });
    secrets.set('XSRF cookie', 'xsrf-cookie-value-1234');
    const { end_session_url } = (await logout.json()) as { end_session_url: string };
    const idToken = new URL(end_session_url).searchParams.get('id_token_hint')!;
    expect(idToken.length).toBeGreaterThan(20);
    secrets.set('id token', idToken);
    // The interaction cookies hold the interaction id, which is in the sign-in page's address by
    // design; their signatures (`.sig`) and the session cookie are the secrets.
    for (const [name, value] of browser.cookies) {
      const interactionId = name.startsWith('_interaction') && !name.endsWith('.sig');
      if (!interactionId && value.length >= 8) secrets.set(`cookie ${name}`, value);
    }
    expect([...secrets.keys()]).toContain('cookie _session');

    const confirm = await browser.follow(end_session_url);
    const page = await confirm.response.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    secrets.set('sign-out form xsrf', xsrf);
    expect((await browser.postForm(formAction(page), { xsrf, logout: 'yes' })).status).toBe(303);

    const text = log.lines.join('');
    expect(text).toContain('/api/auth/token?authorization_code=[redacted]');
    for (const [name, value] of secrets) {
      expect(text.includes(value), `${name} appears in the log`).toBe(false);
      expect(text.includes(encodeURIComponent(value)), `${name} (URL-encoded) appears in the log`).toBe(
        false,
      );
    }
  });

  it('logs one terse line per request: method, URL, status, time', async () => {
    log.lines.length = 0;
    await fetch(`${base}/api/auth/config?x=1`);
    const lines = log.lines.map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((l) => l.msg)).toContainEqual(
      expect.stringMatching(/^GET \/api\/auth\/config\?x=1 200 \d+ ms$/),
    );
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
  });
});

describe('loggableUrl', () => {
  it('masks the values of secret query parameters and keeps the rest', () => {
    expect(
      loggableUrl(
        '/idp/auth?client_id=c&code_challenge=abc&nonce=n1&state=s1&id_token_hint=eyJ&scope=openid',
      ),
    ).toBe(
      '/idp/auth?client_id=c&code_challenge=[redacted]&nonce=[redacted]&state=[redacted]&id_token_hint=[redacted]&scope=openid',
    );
    expect(loggableUrl('/api/ingest?ingest_token=t0k&api_key=k3y&statuses=open')).toBe(
      '/api/ingest?ingest_token=[redacted]&api_key=[redacted]&statuses=open',
    );
    expect(loggableUrl('/api/alerts/v1/alerts/')).toBe('/api/alerts/v1/alerts/');
  });
});

describe('the logger', () => {
  it('redacts secret fields wherever a log call passes them', () => {
    const log = capturedLog();
    const config = loadConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json', WATCHFLOOR_DATA: 'memory://' });
    const { logger: options } = loggerOptions(config, log.stream);
    const logger = pino(options, options.stream);
    logger.info(
      {
        password: 'pw-1',
        tokens: { access_token: 'tok-2', id_token: 'tok-3', refresh_token: 'tok-4' },
        headers: { authorization: 'Bearer tok-5', cookie: 'sid=tok-6' },
        client: { client_secret: 'sec-7', code_verifier: 'ver-8' },
        user: 'ana@test.example',
      },
      'signed in',
    );
    const line = log.lines.join('');
    expect(line).not.toMatch(/pw-1|tok-\d|sec-7|ver-8/);
    expect(line).toContain('ana@test.example');
    expect(line).toContain('[redacted]');
  });
});
