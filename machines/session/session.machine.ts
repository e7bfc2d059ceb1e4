import { INCORRECT_STATE, LOGON_PROBLEM, messageOf } from './errors.ts';
import { returnTarget } from './redirect.ts';
import { type CurrentUser, initialContext, type SessionContext } from './session.context.ts';
import { sessionSetup } from './setup.ts';

export { USER_REFRESH_DELAY_MS } from './setup.ts';

/** The console's page for a failure in the route guard or the login callback (spec 1, 4.1 step 6). */
export const FAILURE_PAGE = '/error/500';

/** Forget the signed-in user everywhere: context, storage and the shell's data. */
const END_LOCAL_SESSION = ['dropUser', 'clearSession', 'resetStores'] as const;

/** Keeps the loaded user and applies their locale (spec 1, section 4.2). */
const KEEP_USER = [
  { type: 'setUser', params: ({ event }: { event: { output: CurrentUser } }) => ({ me: event.output }) },
  {
    type: 'applyLocale',
    params: ({ event }: { event: { output: CurrentUser } }) => ({ locale: event.output.attributes.locale }),
  },
] as const;

/** The token the user and admin calls are made with. */
const withToken = ({ context }: { context: SessionContext }) => ({ token: context.token ?? '' });

/** To Failed, recording the error of the actor event that ended the call. */
const failWithError = {
  target: '#session.Failed',
  actions: {
    type: 'setError',
    params: ({ event }: { event: unknown }) => ({ message: messageOf((event as { error?: unknown }).error) }),
  },
} as const;

/** To Failed with a fixed message. */
const failWith = (message: string) =>
  ({ target: '#session.Failed', actions: { type: 'setError', params: { message } } }) as const;

/**
 * Sign-in and session (spec 1, section 4.1; DESIGN section 5). Pure: every request, storage
 * write and navigation is an actor or action the web app provides with `.provide()`.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => initialContext(input),
  initial: 'Starting',
  states: {
    Starting: {
      always: [{ guard: 'hasToken', target: 'Restoring' }, { target: 'SignedOut' }],
    },
    SignedOut: {
      on: {
        login: {
          target: 'StartingLogin',
          actions: { type: 'rememberAddress', params: ({ event }) => event },
        },
        callback: { target: 'Callback', actions: { type: 'keepCallback', params: ({ event }) => event } },
        logout: 'LoggingOut',
      },
    },
    StartingLogin: {
      invoke: {
        id: 'prepareLogin',
        src: 'prepareLogin',
        input: ({ context }) => ({ returnTo: context.address }),
        onDone: {
          target: 'RedirectingToIdp',
          actions: [
            { type: 'keepPending', params: ({ event }) => event.output },
            { type: 'persistLogin', params: ({ event }) => event.output },
            { type: 'redirectBrowser', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: failWithError,
      },
    },
    // The browser is leaving for the identity provider; nothing more happens on this page.
    RedirectingToIdp: {},
    Callback: {
      initial: 'CheckingState',
      states: {
        CheckingState: {
          always: [
            { guard: 'stateMismatch', ...failWith(INCORRECT_STATE) },
            { guard: 'missingCode', ...failWith(LOGON_PROBLEM) },
            { target: 'ExchangingCode' },
          ],
        },
        ExchangingCode: {
          invoke: {
            id: 'exchangeCode',
            src: 'exchangeCode',
            input: ({ context }) => ({
              code: context.callback?.code ?? '',
              iss: context.callback?.iss ?? null,
              codeVerifier: context.pending?.codeVerifier ?? '',
              nonce: context.pending?.nonce ?? '',
            }),
            onDone: {
              target: 'LoadingUser',
              actions: [
                { type: 'setToken', params: ({ event }) => ({ token: event.output }) },
                { type: 'persistToken', params: ({ event }) => ({ token: event.output }) },
              ],
            },
            onError: failWithError,
          },
        },
        LoadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: withToken,
            onDone: { target: 'DetectingAdmin', actions: KEEP_USER },
            // No restart on 401 here: a token that fails right after the exchange would loop
            // through the IdP forever, so it is a failure (spec 1, section 4.1 step 6).
            onError: failWithError,
          },
        },
        DetectingAdmin: {
          invoke: {
            id: 'detectAdmin',
            src: 'detectAdmin',
            input: withToken,
            onDone: {
              target: 'SignedIn',
              actions: { type: 'setAdmin', params: ({ event }) => ({ admin: event.output }) },
            },
            onError: { target: 'SignedIn', actions: { type: 'setAdmin', params: { admin: false } } },
          },
        },
        SignedIn: {
          always: {
            target: '#session.Ready.RefreshScheduled',
            actions: [
              {
                type: 'navigate',
                params: ({ context }) => ({ to: returnTarget(context.pending?.redirectURI) }),
              },
              'forgetPending',
              'clearPersistedLogin',
            ],
          },
        },
      },
    },
    Restoring: {
      initial: 'LoadingUser',
      states: {
        LoadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: withToken,
            onDone: { target: 'DetectingAdmin', actions: KEEP_USER },
            onError: [
              { guard: 'expired', target: '#session.StartingLogin', actions: END_LOCAL_SESSION },
              failWithError,
            ],
          },
        },
        DetectingAdmin: {
          invoke: {
            id: 'detectAdmin',
            src: 'detectAdmin',
            input: withToken,
            onDone: {
              target: '#session.Ready',
              actions: { type: 'setAdmin', params: ({ event }) => ({ admin: event.output }) },
            },
            onError: { target: '#session.Ready', actions: { type: 'setAdmin', params: { admin: false } } },
          },
        },
      },
      on: {
        callback: {
          target: 'Callback',
          actions: [...END_LOCAL_SESSION, { type: 'keepCallback', params: ({ event }) => event }],
        },
        'session-expired': {
          target: 'StartingLogin',
          actions: [...END_LOCAL_SESSION, { type: 'rememberAddress', params: ({ event }) => event }],
        },
        'token-replaced': {
          target: 'Restoring',
          reenter: true,
          actions: [
            { type: 'setToken', params: ({ event }) => event },
            { type: 'persistToken', params: ({ event }) => event },
          ],
        },
        logout: 'LoggingOut',
      },
    },
    Ready: {
      initial: 'Idle',
      states: {
        Idle: {},
        RefreshScheduled: { after: { userRefreshDelay: 'Refreshing' } },
        Refreshing: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: withToken,
            onDone: { target: 'Idle', actions: KEEP_USER },
            // Another failure keeps the user already loaded; the next call will tell.
            onError: [
              { guard: 'expired', target: '#session.StartingLogin', actions: END_LOCAL_SESSION },
              { target: 'Idle' },
            ],
          },
        },
      },
      on: {
        login: {
          target: 'StartingLogin',
          actions: [...END_LOCAL_SESSION, { type: 'rememberAddress', params: ({ event }) => event }],
        },
        callback: {
          target: 'Callback',
          actions: [...END_LOCAL_SESSION, { type: 'keepCallback', params: ({ event }) => event }],
        },
        'session-expired': {
          target: 'StartingLogin',
          actions: [...END_LOCAL_SESSION, { type: 'rememberAddress', params: ({ event }) => event }],
        },
        logout: 'LoggingOut',
        'reload-user': '.Refreshing',
        'token-replaced': {
          target: 'Restoring',
          actions: [
            { type: 'setToken', params: ({ event }) => event },
            { type: 'persistToken', params: ({ event }) => event },
          ],
        },
        'attributes-changed': {
          actions: [
            { type: 'setAttributes', params: ({ event }) => event },
            { type: 'applyLocale', params: ({ event }) => ({ locale: event.attributes.locale }) },
          ],
        },
      },
    },
    Failed: {
      // The stores are reset and the session cleared (spec 1, section 4.1 steps 4 and 6).
      entry: [
        ...END_LOCAL_SESSION,
        'forgetPending',
        { type: 'reportError', params: ({ context }) => ({ message: context.error ?? LOGON_PROBLEM }) },
        { type: 'navigate', params: { to: FAILURE_PAGE } },
      ],
      on: {
        login: {
          target: 'StartingLogin',
          actions: { type: 'rememberAddress', params: ({ event }) => event },
        },
        callback: { target: 'Callback', actions: { type: 'keepCallback', params: ({ event }) => event } },
        logout: 'LoggingOut',
      },
    },
    LoggingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'LoggedOut',
          actions: [
            ...END_LOCAL_SESSION,
            { type: 'redirectBrowser', params: ({ event }) => ({ url: event.output.url ?? '/login' }) },
          ],
        },
        onError: {
          target: 'LoggedOut',
          actions: [...END_LOCAL_SESSION, { type: 'redirectBrowser', params: { url: '/login' } }],
        },
      },
    },
    // The browser is leaving for the IdP's end-session page (spec 1, section 4.1 step 8).
    LoggedOut: {},
  },
});

export type SessionMachine = typeof sessionMachine;
