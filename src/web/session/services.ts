import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import type { EndSessionOutput, ExchangeInput } from '../../../machines/session/actors.ts';
import { SessionExpiredError } from '../../../machines/session/errors.ts';
import { CALLBACK_PATH, createLoginRequest, type LoginRequest } from '../../../machines/session/oauth.ts';
import type { CurrentUser } from '../../../machines/session/session.context.ts';
import type { SessionMachine } from '../../../machines/session/session.machine.ts';
import { api } from '../../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { applyUserLocale } from '../i18n/index.ts';
import { leaveFor } from './browser.ts';
import { never, pageIsLeaving } from './page-leaving.ts';
import { resetSessionData } from './reset.ts';
import { clearStoredLogin, clearStoredSession, storeLogin, updateStoredSession } from './storage.ts';

/** The console's redirect_uri: the IdP sends the browser back here. */
export const callbackUri = () => `${window.location.origin}${CALLBACK_PATH}`;

/**
 * A refused sign-in call reads as no answer, so the machine reports the endpoint that failed; no
 * answer at all (the network) keeps its own message.
 */
async function orNothing<T>(call: Promise<{ data?: T }>): Promise<{ data?: T }> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status !== null) return {};
    throw error;
  }
}

const bearer = (token: string | null) => (token ? { Authorization: `Bearer ${token}` } : undefined);

/**
 * A code can be redeemed once; React's development double effects may start the exchange
 * twice, so the second start shares the first one's request.
 */
const exchanges = new Map<string, Promise<string>>();

async function exchange(input: ExchangeInput): Promise<string> {
  const { data } = await orNothing(
    api.GET('/api/auth/token', {
      params: {
        query: {
          authorization_code: input.code,
          redirect_uri: callbackUri(),
          code_verifier: input.codeVerifier,
          nonce: input.nonce,
          ...(input.iss ? { iss: input.iss } : {}),
        },
      },
    }),
  );
  if (!data?.access_token) throw new Error('Invalid response from /auth/token endpoint');
  return data.access_token;
}

async function loadUser({ token }: { token: string }): Promise<CurrentUser> {
  try {
    const { data, response } = await api.GET('/api/user/', { headers: bearer(token) });
    if (response.status === 200 && data) return data;
  } catch (error) {
    // 401 and 403 are tolerated answers meaning "sign in again" (spec 1, section 7).
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      throw new SessionExpiredError();
    // A reload while the user was still loading: the next page restores the session.
    if (pageIsLeaving()) return never();
    if (!(error instanceof ApiError)) throw error;
  }
  throw new Error('Invalid response from /user endpoint');
}

async function detectAdmin({ token }: { token: string }): Promise<boolean> {
  try {
    const { response } = await api.GET('/api/support/v1/meta/tasks', { headers: bearer(token) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Ends the console session if there is one (failure ignored) and finds the IdP's end address. */
async function endSession({ token }: { token: string | null }): Promise<EndSessionOutput> {
  if (token) {
    try {
      const { data } = await api.POST('/api/auth/logout', { headers: bearer(token) });
      if (data?.end_session_url) return { url: data.end_session_url };
    } catch {
      // Logging out must work even when the server cannot be reached.
    }
  }
  try {
    const { data } = await api.GET('/api/auth/config');
    return { url: data?.end_session_endpoint || null };
  } catch {
    return { url: null };
  }
}

async function prepareLogin({ returnTo }: { returnTo: string }): Promise<LoginRequest> {
  const { data } = await orNothing(api.GET('/api/auth/config'));
  if (!data?.authorization_endpoint) throw new Error('Invalid response from /auth/config endpoint');
  return createLoginRequest(data, callbackUri(), returnTo);
}

/** The session machine with the browser's real actors and effects. */
export function browserSessionLogic(machine: SessionMachine) {
  return machine.provide({
    actors: {
      prepareLogin: fromPromise<LoginRequest, { returnTo: string }>(({ input }) => prepareLogin(input)),
      exchangeCode: fromPromise<string, ExchangeInput>(({ input }) => {
        const started = exchanges.get(input.code) ?? exchange(input);
        exchanges.set(input.code, started);
        return started;
      }),
      loadUser: fromPromise<CurrentUser, { token: string }>(({ input }) => loadUser(input)),
      detectAdmin: fromPromise<boolean, { token: string }>(({ input }) => detectAdmin(input)),
      endSession: fromPromise<EndSessionOutput, { token: string | null }>(({ input }) => endSession(input)),
    },
    actions: {
      persistToken: (_, { token }) => updateStoredSession({ token: { access_token: token } }),
      persistLogin: (_, { pending }) => storeLogin(pending),
      clearPersistedLogin: () => clearStoredLogin(),
      clearSession: () => clearStoredSession(),
      resetStores: () => resetSessionData(),
      redirectBrowser: (_, { url }) => leaveFor(url),
      navigate: (_, { to }) => navigate(to, { replace: true }),
      applyLocale: (_, { locale }) => applyUserLocale(locale),
      reportError: (_, { message }) => console.error(`Sign-in failed: ${message}`),
    },
  });
}
