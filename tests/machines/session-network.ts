import type { AnyEventObject } from 'xstate';
import type { components } from '../../src/api/schema.d.ts';
import { currentUser } from '../helpers/current-user.ts';
import type { FakeNetwork } from '../helpers/fake-network.ts';
import type { NetworkOutcomes } from '../helpers/machine-model.ts';

/**
 * The session machine's sample events and, for each call's outcome, the server's answer that
 * makes the web app's real actor (src/web/session/services.ts) end that way.
 */

type CurrentUser = components['schemas']['CurrentUserResponse'];

export const AUTH_CONFIG: components['schemas']['AuthConfig'] = {
  authorization_endpoint: 'https://idp.example/idp/auth',
  end_session_endpoint: 'https://idp.example/idp/session/end',
  client_id: 'watchfloor-console',
  scope: 'openid email profile roles watchfloor',
  issuer: 'https://idp.example/idp',
};

export const PENDING = {
  oauthState: btoa('4242424242'),
  nonce: 'nonce-1',
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  redirectURI: '/alerts?status=new',
};

export const user = (
  overrides: Partial<CurrentUser['user']> = {},
  locale: CurrentUser['attributes']['locale'] = 'en-GB',
): CurrentUser => currentUser(overrides, ['global_user', 'read_all'], locale);

const unauthorized = {
  status: 401 as const,
  body: { error: { code: 'unauthorized', message: 'No session' } },
};

/** What the real actors reject with, as the machine records it (context.error is the message). */
export const EXPIRED = { name: 'SessionExpiredError', message: 'Your session has timed out.' };
export const BROKEN = { name: 'Error', message: 'Invalid response from /user endpoint' };
export const UNREACHABLE = { name: 'TypeError', message: 'Failed to fetch' };
const BAD_TOKEN = { name: 'Error', message: 'Invalid response from /auth/token endpoint' };

/** The login request's output is random (state, nonce, verifier): the model holds a placeholder. */
export const LOGIN_PLACEHOLDER = {
  url: `${AUTH_CONFIG.authorization_endpoint}?…`,
  pending: { oauthState: '…', nonce: '…', codeVerifier: '…', redirectURI: '/agents' },
};

export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'login', returnTo: '/agents' },
  { type: 'callback', state: PENDING.oauthState, code: 'code-1', iss: 'https://idp.example/idp' },
  { type: 'callback', state: 'tampered', code: 'code-1', iss: null },
  { type: 'callback', state: PENDING.oauthState, code: null, iss: null },
  { type: 'session-expired', returnTo: '/cases/7' },
  { type: 'logout' },
  { type: 'reload-user' },
  { type: 'token-replaced', token: 'token-impersonated' },
  { type: 'attributes-changed', attributes: { locale: 'de-DE' } },
  { type: 'xstate.done.actor.prepareLogin', output: LOGIN_PLACEHOLDER },
  { type: 'xstate.error.actor.prepareLogin', error: UNREACHABLE },
  { type: 'xstate.done.actor.exchangeCode', output: 'token-1' },
  { type: 'xstate.error.actor.exchangeCode', error: BAD_TOKEN },
  { type: 'xstate.done.actor.loadUser', output: user() },
  { type: 'xstate.error.actor.loadUser', error: EXPIRED },
  { type: 'xstate.error.actor.loadUser', error: BROKEN },
  { type: 'xstate.done.actor.detectAdmin', output: true },
  { type: 'xstate.done.actor.detectAdmin', output: false },
  // detectAdmin never rejects: every failure of its call means "not an administrator".
  { type: 'xstate.done.actor.endSession', output: { url: 'https://idp.example/end?x=1' } },
  { type: 'xstate.done.actor.endSession', output: { url: null } },
];

/** Ends the logout: the server's end address when it gives one, else the auth config's. */
async function endSession(url: string | null, network: FakeNetwork) {
  if (network.isWaiting('post', '/api/auth/logout')) {
    await network.respond(
      'post',
      '/api/auth/logout',
      url ? { status: 200, body: { end_session_url: url } } : unauthorized,
    );
  }
  if (network.isWaiting('get', '/api/auth/config')) {
    await network.respond('get', '/api/auth/config', {
      status: 200,
      body: { ...AUTH_CONFIG, end_session_endpoint: url ?? '' },
    });
  }
}

export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.prepareLogin': (_, network) =>
    network.respond('get', '/api/auth/config', { status: 200, body: AUTH_CONFIG }),
  'xstate.error.actor.prepareLogin': (_, network) => network.fail('get', '/api/auth/config'),
  'xstate.done.actor.exchangeCode': (event, network) =>
    network.respond('get', '/api/auth/token', {
      status: 200,
      body: { access_token: event.output, token_type: 'Bearer', expires_in: 3600 },
    }),
  'xstate.error.actor.exchangeCode': (_, network) =>
    network.respond('get', '/api/auth/token', {
      status: 400,
      body: { error: { code: 'bad_request', message: 'invalid_grant' } },
    }),
  'xstate.done.actor.loadUser': (event, network) =>
    network.respond('get', '/api/user/', { status: 200, body: event.output }),
  'xstate.error.actor.loadUser': (event, network) =>
    network.respond(
      'get',
      '/api/user/',
      event.error === EXPIRED ? unauthorized : new Response('upstream failure', { status: 502 }),
    ),
  'xstate.done.actor.detectAdmin': (event, network) =>
    network.respond(
      'get',
      '/api/support/v1/meta/tasks',
      event.output
        ? { status: 200, body: { tasks: [] } }
        : { status: 403, body: { error: { code: 'forbidden', message: 'Administrators only' } } },
    ),
  'xstate.done.actor.endSession': (event, network) => endSession(event.output.url, network),
};

/** The request each invoking state's actor has under way. */
export const INVOKED = [
  ['StartingLogin', 'get /api/auth/config'],
  [{ Callback: 'ExchangingCode' }, 'get /api/auth/token'],
  [{ Callback: 'LoadingUser' }, 'get /api/user/'],
  [{ Callback: 'DetectingAdmin' }, 'get /api/support/v1/meta/tasks'],
  [{ Restoring: 'LoadingUser' }, 'get /api/user/'],
  [{ Restoring: 'DetectingAdmin' }, 'get /api/support/v1/meta/tasks'],
  [{ Ready: 'Refreshing' }, 'get /api/user/'],
] as const;
