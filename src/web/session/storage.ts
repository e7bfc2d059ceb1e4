import type { PendingLogin, SessionInput } from '../../../machines/session/session.context.ts';

/** The browser storage key of the persisted session (spec 1, sections 3 and 9). */
export const SESSION_KEY = 'watchfloor.session';

/**
 * The persisted session object (spec 1, section 3). The session layer owns token, oauthState
 * and redirectURI (plus nonce and codeVerifier, which PKCE and OIDC add); selectedCustomers
 * and notifications belong to the shell and are left as they are by every write here.
 */
export interface StoredSession {
  selectedCustomers?: unknown;
  notifications?: unknown;
  token?: { access_token: string } | null;
  oauthState?: string | null;
  /** The address to return to after sign-in. */
  redirectURI?: string | null;
  nonce?: string | null;
  codeVerifier?: string | null;
  [other: string]: unknown;
}

const SIGN_IN_FIELDS = ['oauthState', 'redirectURI', 'nonce', 'codeVerifier'] as const;

/** The stored session; an unreadable or missing value reads as empty. */
export function readStoredSession(): StoredSession {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as StoredSession)
      : {};
  } catch {
    return {};
  }
}

/** Merges `patch` into the stored session, keeping every other field (the shell's included). */
export function updateStoredSession(patch: Partial<StoredSession>): void {
  const next: StoredSession = { ...readStoredSession(), ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
  localStorage.setItem(SESSION_KEY, JSON.stringify(next));
}

/** Forgets the finished or abandoned sign-in: state, nonce, verifier and remembered address. */
export function clearStoredLogin(): void {
  updateStoredSession(Object.fromEntries(SIGN_IN_FIELDS.map((k) => [k, undefined])));
}

/** Clears the session layer's fields: the token and any sign-in under way. */
export function clearStoredSession(): void {
  updateStoredSession({ token: undefined, ...Object.fromEntries(SIGN_IN_FIELDS.map((k) => [k, undefined])) });
}

/** Stores the sign-in that is leaving for the identity provider. */
export function storeLogin(pending: PendingLogin): void {
  updateStoredSession({ ...pending });
}

/** What the session machine starts from: the stored token and sign-in, and the opened address. */
export function readSessionInput(): SessionInput {
  const stored = readStoredSession();
  const { oauthState, nonce, codeVerifier, redirectURI } = stored;
  const token = typeof stored.token?.access_token === 'string' ? stored.token.access_token : null;
  const pending =
    typeof oauthState === 'string' && typeof nonce === 'string' && typeof codeVerifier === 'string'
      ? { oauthState, nonce, codeVerifier, redirectURI: typeof redirectURI === 'string' ? redirectURI : '/' }
      : null;
  return { token, pending, address: currentAddress() };
}

/** The address the browser shows, as the console remembers it (path, query and hash). */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
