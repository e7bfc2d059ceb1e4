import { createServer } from 'node:net';
import * as client from 'openid-client';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** A free TCP port: the IdP's issuer must name the port the server really listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The whole app listening on localhost, so the relying party can reach the embedded IdP over HTTP. */
export async function listeningApp(): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // The tests stand for several clients by X-Forwarded-For, as a proxy on loopback would set it.
  const t = await createTestApp('pglite', { PORT: String(port), PUBLIC_URL: base, TRUST_PROXY: '127.0.0.1' });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/**
 * Just enough of a browser for the sign-in flow: fetch with a cookie jar and manual redirects.
 * Cookies are kept by name only (every request sends them all), which is all these tests need.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.headers, ...(init.headers as Record<string, string>) });
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects until an answer that is not one, or until the next hop would leave /idp. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let response = await this.request(url, init);
    let current = new URL(url, this.base).href;
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops += 1) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (!next.pathname.startsWith('/idp/')) return { response, url: next.href };
      current = next.href;
      response = await this.request(current);
    }
    return { response, url: current };
  }

  postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export interface AuthorizeRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/** What the console's /login does (DESIGN section 5): state, nonce and PKCE S256. */
export async function authorizeRequest(
  base: string,
  extra: Record<string, string> = {},
): Promise<AuthorizeRequest> {
  const config = (await (await fetch(`${base}/api/auth/config`)).json()) as Record<string, string>;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const redirectUri = `${base}/login/callback`;
  const url = new URL(config.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: config.client_id!,
    scope: config.scope!,
    response_type: 'code',
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { url: url.href, state, nonce, verifier, redirectUri };
}

/** The sign-in form's action, read from the page. */
export function formAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  return action.replace(/&amp;/g, '&');
}

/** Signs in on the page the authorize request leads to; returns the callback address. */
export async function signIn(browser: Browser, authorize: AuthorizeRequest, email: string, password: string) {
  const page = await browser.follow(authorize.url);
  if (page.response.status !== 200)
    throw new Error(`expected the sign-in page, got ${page.response.status} ${page.url}`);
  const posted = await browser.postForm(formAction(await page.response.text()), { email, password });
  if (posted.status !== 303) return { callback: null, response: posted };
  const landed = await browser.follow(posted.headers.get('location')!);
  return { callback: new URL(landed.url), response: landed.response };
}

/** GET /api/auth/token as the console's callback page calls it. */
export function exchange(
  base: string,
  authorize: AuthorizeRequest,
  callback: URL,
  override: Record<string, string> = {},
) {
  const query = new URLSearchParams({
    authorization_code: callback.searchParams.get('code') ?? '',
    redirect_uri: authorize.redirectUri,
    code_verifier: authorize.verifier,
    nonce: authorize.nonce,
    iss: callback.searchParams.get('iss') ?? '',
    ...override,
  });
  return fetch(`${base}/api/auth/token?${query}`);
}
