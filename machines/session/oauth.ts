import type { PendingLogin } from './session.context.ts';

/** The console's scopes (spec 1, section 4.1 step 3, DESIGN section 5). */
export const SCOPE = 'openid email profile roles watchfloor';
/** Where the IdP sends the browser back; appended to the console's origin. */
export const CALLBACK_PATH = '/login/callback';

/** What GET /api/auth/config tells the browser about the identity provider. */
export interface AuthorizeConfig {
  authorization_endpoint: string;
  client_id: string;
  scope?: string;
}

/** The authorize address to send the browser to, and what to keep until the callback. */
export interface LoginRequest {
  url: string;
  pending: PendingLogin;
}

/** RFC 4648 section 5 (base64url, no padding), as PKCE and the nonce use it. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The OAuth state: a random integer, base64-encoded (spec 1, section 4.1 step 3). A 64-bit
 * integer rather than a 32-bit one, so guessing it is not practical.
 */
export function randomState(): string {
  const [value] = crypto.getRandomValues(new BigUint64Array(1));
  return btoa(String(value ?? 0n));
}

/** A PKCE code verifier: 32 random bytes give 43 base64url characters (RFC 7636 section 4.1). */
export function randomVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** An OpenID Connect nonce, bound to the ID token the server receives. */
export function randomNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The S256 code challenge: base64url(SHA-256(verifier)) (RFC 7636 section 4.2). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The authorize address with every parameter of spec 1, section 4.1 step 3, plus PKCE and nonce. */
export function authorizeUrl(
  config: AuthorizeConfig,
  params: { redirectUri: string; state: string; nonce: string; challenge: string },
): string {
  const url = new URL(config.authorization_endpoint);
  url.searchParams.set('client_id', config.client_id);
  url.searchParams.set('scope', config.scope || SCOPE);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('state', params.state);
  url.searchParams.set('nonce', params.nonce);
  url.searchParams.set('code_challenge', params.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/** Everything a sign-in needs, freshly random: the authorize address and what to store. */
export async function createLoginRequest(
  config: AuthorizeConfig,
  redirectUri: string,
  returnTo: string,
): Promise<LoginRequest> {
  const pending: PendingLogin = {
    oauthState: randomState(),
    nonce: randomNonce(),
    codeVerifier: randomVerifier(),
    redirectURI: returnTo,
  };
  const challenge = await pkceChallenge(pending.codeVerifier);
  const url = authorizeUrl(config, {
    redirectUri,
    state: pending.oauthState,
    nonce: pending.nonce,
    challenge,
  });
  return { url, pending };
}
