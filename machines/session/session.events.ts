import type { CallbackParams, UserAttributes } from './session.context.ts';

/**
 * Events the web app sends to the session machine. Results of its own work (config fetched,
 * token exchanged, user loaded) come back as the done and error events of invoked actors.
 */
export type SessionEvent =
  /** Start the sign-in; returnTo is the address to come back to (defaults to the opened one). */
  | { type: 'login'; returnTo?: string }
  /** The browser is on /login/callback with this query. */
  | ({ type: 'callback' } & CallbackParams)
  /** A watched call answered 401 or 403 (spec 1, section 4.1 step 7). */
  | { type: 'session-expired'; returnTo: string }
  | { type: 'logout' }
  | { type: 'reload-user' }
  /** Impersonation started or ended: a new token for another user. */
  | { type: 'token-replaced'; token: string }
  /** Settings were saved; the attributes apply at once. */
  | { type: 'attributes-changed'; attributes: UserAttributes };

export type SessionEventType = SessionEvent['type'];
