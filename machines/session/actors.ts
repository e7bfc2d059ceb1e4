import { fromPromise } from 'xstate';
import type { LoginRequest } from './oauth.ts';
import type { CurrentUser } from './session.context.ts';

/** Input of the token exchange: the callback's code and what the sign-in kept for it. */
export interface ExchangeInput {
  code: string;
  iss: string | null;
  codeVerifier: string;
  nonce: string;
}

/** Where the browser goes to end the IdP session; null when the server gave no address. */
export interface EndSessionOutput {
  url: string | null;
}

/**
 * The machine names its side effects here; the web app provides the real ones with
 * `sessionMachine.provide({ actors })` and tests provide fakes. These stand-ins only fail, so
 * a forgotten implementation shows up at once instead of doing nothing.
 */
function provided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session machine: the "${name}" actor is provided by the web app`);
  });
}

export const sessionActors = {
  /** Fetches the auth config and builds the authorize address with fresh state, nonce and PKCE. */
  prepareLogin: provided<LoginRequest, { returnTo: string }>('prepareLogin'),
  /** GET /api/auth/token: the callback's code for a console access token. */
  exchangeCode: provided<string, ExchangeInput>('exchangeCode'),
  /** GET /api/user/; rejects with SessionExpiredError on 401 or 403. */
  loadUser: provided<CurrentUser, { token: string }>('loadUser'),
  /** GET /api/support/v1/meta/tasks: true on success, false otherwise (spec 1, section 4.1). */
  detectAdmin: provided<boolean, { token: string }>('detectAdmin'),
  /** POST /api/auth/logout (its failure ignored) and the IdP's end-session address. */
  endSession: provided<EndSessionOutput, { token: string | null }>('endSession'),
};
