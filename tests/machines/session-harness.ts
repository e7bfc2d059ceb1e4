import { type AnyEventObject, type AnyStateMachine, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { EndSessionOutput, ExchangeInput } from '../../machines/session/actors.ts';
import type { CurrentUser, PendingLogin, SessionInput } from '../../machines/session/context.ts';
import type { LoginRequest } from '../../machines/session/oauth.ts';
import { sessionMachine, USER_REFRESH_DELAY_MS } from '../../machines/session/session.machine.ts';

/**
 * Test support for the session machine: a model derived from the machine itself, and a driver
 * that runs the real machine with fake actors along the model's paths.
 */

export const PENDING: PendingLogin = {
  oauthState: btoa('4242424242'),
  nonce: 'nonce-1',
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  redirectURI: '/alerts?status=new',
};

export const LOGIN_REQUEST: LoginRequest = {
  url: 'https://idp.example/auth?state=abc',
  pending: { oauthState: 'MTIz', nonce: 'nonce-2', codeVerifier: 'v'.repeat(43), redirectURI: '/cases' },
};

export function user(
  overrides: Partial<CurrentUser['user']> = {},
  locale: 'en-GB' | 'de-DE' = 'en-GB',
): CurrentUser {
  return {
    user: {
      contact_id: '00000000-0000-4000-8000-000000000001',
      email: 'analyst@watchfloor.example',
      name: 'Ana Lyst',
      role_level: 'Global',
      admin: false,
      impersonator: null,
      ...overrides,
    },
    partner: {
      partner_id: '00000000-0000-4000-8000-0000000000aa',
      name: 'MSSP',
      created_source: null,
      data: {},
      return_url: null,
    },
    permissions: ['global_user', 'read_all'],
    attributes: { locale },
  };
}

/** Plain objects, not Error instances, so each serialises to its own event in the model. */
export const EXPIRED = { name: 'SessionExpiredError', message: 'Your session has timed out.' };
export const BROKEN = { name: 'Error', message: 'Invalid response from /user endpoint' };

/** The sample events of the model: user events and the results each actor can come back with. */
export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'login', returnTo: '/agents' },
  { type: 'callback', state: PENDING.oauthState, code: 'code-1', iss: 'https://idp.example' },
  { type: 'callback', state: 'tampered', code: 'code-1', iss: null },
  { type: 'callback', state: PENDING.oauthState, code: null, iss: null },
  { type: 'session-expired', returnTo: '/cases/7' },
  { type: 'logout' },
  { type: 'reload-user' },
  { type: 'token-replaced', token: 'token-impersonated' },
  { type: 'attributes-changed', attributes: { locale: 'de-DE' } },
  { type: 'xstate.done.actor.prepareLogin', output: LOGIN_REQUEST },
  { type: 'xstate.error.actor.prepareLogin', error: { message: 'The identity provider is not reachable.' } },
  { type: 'xstate.done.actor.exchangeCode', output: 'token-1' },
  {
    type: 'xstate.error.actor.exchangeCode',
    error: { message: 'Invalid response from /auth/token endpoint' },
  },
  { type: 'xstate.done.actor.loadUser', output: user() },
  { type: 'xstate.error.actor.loadUser', error: EXPIRED },
  { type: 'xstate.error.actor.loadUser', error: BROKEN },
  { type: 'xstate.done.actor.detectAdmin', output: true },
  { type: 'xstate.done.actor.detectAdmin', output: false },
  { type: 'xstate.error.actor.detectAdmin', error: { message: 'offline' } },
  { type: 'xstate.done.actor.endSession', output: { url: 'https://idp.example/session/end?x=1' } },
  { type: 'xstate.done.actor.endSession', output: { url: null } },
];

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
};

/**
 * The machine's own config with each invocation and delay turned into the events that end it
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`): the
 * graph traversal can then take every branch, since xstate/graph refuses invocations and delays.
 */
function effectsAsEvents(node: Config, id: string): Config {
  const { invoke, after, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  if (invoke?.onDone) events[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
  if (invoke?.onError) events[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  for (const [delay, transition] of Object.entries(after ?? {}))
    events[`xstate.after.${delay}.${id}`] = transition;
  const result: Config = { ...rest, on: events };
  if (states) {
    result.states = Object.fromEntries(
      Object.entries(states).map(([k, v]) => [k, effectsAsEvents(v, `${id}.${k}`)]),
    );
  }
  return result;
}

/** The test model of the session machine, starting from what storage held. */
export function sessionModel(input: SessionInput) {
  const config = effectsAsEvents(sessionMachine.config as unknown as Config, 'session');
  const model: AnyStateMachine = createMachine(config as never, sessionMachine.implementations as never);
  return createTestModel(model, { events: MODEL_EVENTS, input });
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The real session machine with fake actors: each call waits until the test settles it. */
export function drive(input: SessionInput) {
  const calls: { actor: string; input: unknown }[] = [];
  const effects: { type: string; params?: unknown }[] = [];
  const waiting = new Map<string, Pending>();
  const fake = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(({ input }) => {
      calls.push({ actor: name, input });
      return new Promise<TOutput>((resolve, reject) => {
        waiting.set(name, { resolve: resolve as (v: unknown) => void, reject });
      });
    });
  const record = (type: string) => (_: unknown, params?: unknown) => {
    effects.push(params === undefined ? { type } : { type, params });
  };
  const machine = sessionMachine.provide({
    actors: {
      prepareLogin: fake<LoginRequest, { returnTo: string }>('prepareLogin'),
      exchangeCode: fake<string, ExchangeInput>('exchangeCode'),
      loadUser: fake<CurrentUser, { token: string }>('loadUser'),
      detectAdmin: fake<boolean, { token: string }>('detectAdmin'),
      endSession: fake<EndSessionOutput, { token: string | null }>('endSession'),
    },
    actions: Object.fromEntries(
      [
        'persistToken',
        'persistLogin',
        'clearPersistedLogin',
        'clearSession',
        'resetStores',
        'redirectBrowser',
        'navigate',
        'applyLocale',
        'reportError',
      ].map((name) => [name, record(name)]),
    ),
  });
  const actor = createActor(machine, { input }).start();

  /** Settles the call of `name` the way the event says, then lets the machine react. */
  async function settle(name: string, outcome: { output?: unknown; error?: unknown }, ok: boolean) {
    const call = waiting.get(name);
    if (!call) throw new Error(`no ${name} call is waiting`);
    waiting.delete(name);
    if (ok) call.resolve(outcome.output);
    else call.reject(outcome.error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  /** Plays one model event on the real machine: user events are sent, actor results settled. */
  async function play(event: AnyEventObject, advance: (ms: number) => Promise<void>) {
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    const outcome = event as { output?: unknown; error?: unknown };
    if (done) return settle(done[1]!, outcome, true);
    if (error) return settle(error[1]!, outcome, false);
    if (event.type.startsWith('xstate.after.')) return advance(USER_REFRESH_DELAY_MS);
    actor.send(event as never);
  }

  return { actor, calls, effects, waiting, play, settle };
}

export type Driver = ReturnType<typeof drive>;
