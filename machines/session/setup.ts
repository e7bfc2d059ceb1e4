import { assign, setup } from 'xstate';
import { sessionEffects } from './actions.ts';
import { sessionActors } from './actors.ts';
import { isSessionExpired } from './errors.ts';
import type {
  CallbackParams,
  CurrentUser,
  PendingLogin,
  SessionContext,
  SessionInput,
  UserAttributes,
} from './session.context.ts';
import type { SessionEvent } from './session.events.ts';

/** The user is fetched again this long after a sign-in (spec 1, section 4.1 step 5). */
export const USER_REFRESH_DELAY_MS = 2000;

/**
 * Everything the session machine names: its types, actors, actions, guards and delays. Context
 * updates take their values as params, so each transition states which event field feeds them.
 */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: sessionActors,
  actions: {
    ...sessionEffects,
    rememberAddress: assign((_, params: { returnTo?: string | undefined }) =>
      params.returnTo ? { address: params.returnTo } : {},
    ),
    keepCallback: assign((_, params: CallbackParams) => ({
      callback: { state: params.state, code: params.code, iss: params.iss },
      error: null,
    })),
    keepPending: assign((_, params: { pending: PendingLogin }) => ({ pending: params.pending })),
    forgetPending: assign({ pending: null, callback: null }),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    setUser: assign((_, params: { me: CurrentUser }) => ({ me: params.me })),
    setAdmin: assign((_, params: { admin: boolean }) => ({ admin: params.admin })),
    setAttributes: assign(({ context }, params: { attributes: UserAttributes }) =>
      context.me
        ? { me: { ...context.me, attributes: { ...context.me.attributes, ...params.attributes } } }
        : {},
    ),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    /** Forgets who was signed in; storage is cleared by the injected clearSession. */
    dropUser: assign({ token: null, me: null, admin: false }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    stateMismatch: ({ context }) =>
      !context.callback?.state || !context.pending || context.callback.state !== context.pending.oauthState,
    missingCode: ({ context }) => !context.callback?.code,
    expired: ({ event }) => isSessionExpired((event as { error?: unknown }).error),
  },
  delays: { userRefreshDelay: USER_REFRESH_DELAY_MS },
});
