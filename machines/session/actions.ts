import type { PendingLogin } from './session.context.ts';

/**
 * Side effects the web app provides with `.provide({ actions })`; here they do nothing, so the
 * machine stays pure and tests can watch them with spies.
 */
export const sessionEffects = {
  /** Stores the access token (spec 1, section 3: Session.token). */
  persistToken: (_: unknown, _params: { token: string }) => undefined,
  /** Stores the state, nonce, verifier and remembered address before leaving for the IdP. */
  persistLogin: (_: unknown, _params: { pending: PendingLogin }) => undefined,
  /** Forgets the finished sign-in's state, nonce and verifier. */
  clearPersistedLogin: () => undefined,
  /** Clears the stored session: token and sign-in fields (spec 1, section 4.1 steps 4 and 8). */
  clearSession: () => undefined,
  /** Resets the primary data the shell holds (spec 1, section 4.1 steps 4 and 7). */
  resetStores: () => undefined,
  /** Sends the browser to another site: the IdP's authorize or end-session address. */
  redirectBrowser: (_: unknown, _params: { url: string }) => undefined,
  /** Moves within the console without a new history entry. */
  navigate: (_: unknown, _params: { to: string }) => undefined,
  /** Applies the user's locale attribute (spec 1, section 4.2). */
  applyLocale: (_: unknown, _params: { locale: unknown }) => undefined,
  /** Makes a sign-in failure visible to developers (the console log). */
  reportError: (_: unknown, _params: { message: string }) => undefined,
};
