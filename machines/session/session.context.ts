import type { components } from '../../src/api/schema.d.ts';

/** The user as GET /api/user/ returns it: user, partner, permissions and attributes. */
export type CurrentUser = components['schemas']['CurrentUserResponse'];
export type UserAttributes = components['schemas']['UserAttributes'];

/**
 * A sign-in that left for the identity provider and must be finished in /login/callback. It is
 * kept in browser storage across the round trip (spec 1, section 3: oauthState and redirectURI).
 */
export interface PendingLogin {
  /** The random state sent to the IdP; the callback's state must equal it (spec 1, 4.1 step 4). */
  oauthState: string;
  /** OpenID Connect nonce; the server checks it against the ID token. */
  nonce: string;
  /** PKCE code verifier (RFC 7636); only its S256 challenge went to the IdP. */
  codeVerifier: string;
  /** The address to return to after sign-in (the spec's redirectURI). */
  redirectURI: string;
}

/** What the authorization response put on /login/callback. */
export interface CallbackParams {
  state: string | null;
  code: string | null;
  iss: string | null;
}

/** The persisted session the machine starts from (the web app reads it from storage). */
export interface SessionInput {
  /** The stored access token, or null. */
  token: string | null;
  /** A sign-in started before the browser went to the IdP, or null. */
  pending: PendingLogin | null;
  /** The address the browser opened; remembered when a restore finds the session expired. */
  address: string;
}

export interface SessionContext {
  /** Access token of the console session; null when signed out. */
  token: string | null;
  /** The signed-in user; null until GET /api/user/ answered. */
  me: CurrentUser | null;
  /** True when GET /api/support/v1/meta/tasks succeeded (spec 1, section 4.1). */
  admin: boolean;
  /** Address to remember when a sign-in starts without one (the page the browser opened). */
  address: string;
  /** The sign-in in progress across the IdP round trip, or null. */
  pending: PendingLogin | null;
  /** The query of /login/callback while it is processed. */
  callback: CallbackParams | null;
  /** Why the last sign-in or restore failed, e.g. 'Incorrect state'; null otherwise. */
  error: string | null;
}

/** The starting context for what was found in storage. */
export function initialContext(input: SessionInput): SessionContext {
  return {
    token: input.token,
    me: null,
    admin: false,
    address: input.address,
    pending: input.pending,
    callback: null,
    error: null,
  };
}
