// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { INCORRECT_STATE } from '../../machines/session/errors.ts';
import { returnTarget } from '../../machines/session/redirect.ts';
import type { SessionInput } from '../../machines/session/session.context.ts';
import { sessionMachine, USER_REFRESH_DELAY_MS } from '../../machines/session/session.machine.ts';
import { leaveFor } from '../../src/web/session/browser.ts';
import { browserSessionLogic } from '../../src/web/session/services.ts';
import { readStoredSession, storeLogin } from '../../src/web/session/storage.ts';
import { freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { describePath, machineModel, playEvent } from '../helpers/machine-model.ts';
import {
  AUTH_CONFIG,
  EXPIRED,
  INVOKED,
  LOGIN_PLACEHOLDER,
  MODEL_EVENTS,
  OUTCOMES,
  PENDING,
  user,
} from './session-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));
// The test DOM cannot leave for another site; the departure is recorded instead.
vi.mock('../../src/web/session/browser.ts', () => ({ leaveFor: vi.fn() }));

const SIGNED_OUT: SessionInput = { token: null, pending: PENDING, address: '/' };
const STORED: SessionInput = { token: 'stored-token', pending: null, address: '/users' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.mocked(leaveFor).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = async (delay: string) => {
  expect(delay).toBe('userRefreshDelay');
  await vi.advanceTimersByTimeAsync(USER_REFRESH_DELAY_MS);
  await settleMicrotasks();
};

let runs = 0;

/** The web app's session machine, real actors and effects included, over a fresh fake network. */
function start(input: SessionInput) {
  const network = freshNetwork();
  // A stored sign-in is where the browser keeps it, as the app would have left it.
  if (input.pending) storeLogin(input.pending);
  const actor = createActor(browserSessionLogic(sessionMachine), { input }).start();
  // The app redeems a code once per page load; each run stands for a page load of its own.
  const run = ++runs;
  const play = async (event: AnyEventObject) => {
    const sent = event.type === 'callback' && event.code ? { ...event, code: `${event.code}.${run}` } : event;
    await playEvent(actor, sent, network, OUTCOMES, { advance });
    await settleMicrotasks();
  };
  return { actor, network, play, run };
}

type Driver = ReturnType<typeof start>;

/** The real context as the model holds it: the random sign-in and this run's code put back. */
function asModelHolds(context: Record<string, unknown>, model: Record<string, unknown>, run: number) {
  const result = { ...context };
  if ((model.pending as { nonce?: string } | null)?.nonce === LOGIN_PLACEHOLDER.pending.nonce)
    result.pending = model.pending;
  const callback = result.callback as { code: string | null } | null;
  if (callback?.code) result.callback = { ...callback, code: callback.code.replace(`.${run}`, '') };
  return result;
}

/** What must be true of the real app after a step, whatever the path. */
function checkInvariants({ actor, network }: Driver, event: AnyEventObject) {
  const snapshot = actor.getSnapshot();
  for (const [state, request] of INVOKED) {
    if (snapshot.matches(state))
      expect(network.waiting(), `${request} in ${JSON.stringify(state)}`).toContain(request);
  }
  const stored = readStoredSession();
  if (snapshot.matches('Failed')) {
    expect(window.location.pathname).toBe('/error/500');
    expect(stored.token).toBeUndefined();
    expect(snapshot.context.token).toBeNull();
  }
  if (snapshot.matches('RedirectingToIdp')) {
    const pending = snapshot.context.pending!;
    expect(stored).toMatchObject({ oauthState: pending.oauthState, codeVerifier: pending.codeVerifier });
    const url = new URL(vi.mocked(leaveFor).mock.lastCall![0]);
    expect(`${url.origin}${url.pathname}`).toBe(AUTH_CONFIG.authorization_endpoint);
    expect(url.searchParams.get('state')).toBe(pending.oauthState);
  }
  if (snapshot.matches('LoggedOut')) {
    expect(stored.token).toBeUndefined();
    expect(vi.mocked(leaveFor)).toHaveBeenLastCalledWith(event.output?.url ?? '/login');
  }
  if (snapshot.matches({ Ready: 'RefreshScheduled' }) && event.type === 'xstate.done.actor.detectAdmin') {
    expect(`${window.location.pathname}${window.location.search}`).not.toMatch(/^\/login/);
    expect(stored.oauthState).toBeUndefined();
  }
  if (snapshot.matches('Ready')) {
    expect(snapshot.context.token).not.toBeNull();
    expect(snapshot.context.me).not.toBeNull();
  }
}

/** Runs the app's machine along a generated path, checking state (and context) at each step. */
async function follow(
  input: SessionInput,
  steps: readonly { event: AnyEventObject; state: { value: unknown; context: unknown } }[],
  withContext: boolean,
) {
  const driver = start(input);
  await settleMicrotasks();
  for (const step of steps) {
    await driver.play(step.event);
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    if (withContext) {
      const model = step.state.context as Record<string, unknown>;
      expect(asModelHolds(snapshot.context as never, model, driver.run), step.event.type).toEqual(model);
    }
    checkInvariants(driver, step.event);
  }
  driver.actor.stop();
}

const model = (input: SessionInput) =>
  machineModel(sessionMachine, {
    events: MODEL_EVENTS,
    input,
    // The app's admin check and logout catch every failure: false, and the sign-in page.
    impossible: ['xstate.error.actor.detectAdmin', 'xstate.error.actor.endSession'],
  });

describe('session machine: shortest paths of its model, on the real actors', () => {
  for (const [name, input] of [
    ['signed out with a sign-in under way', SIGNED_OUT],
    ['a stored token', STORED],
  ] as const) {
    describe(`from ${name}`, () => {
      model(input)
        .getShortestPaths()
        .forEach((path, i) => {
          it(`#${i} ${describePath(path.steps)}`, async () => {
            await follow(input, path.steps, true);
          });
        });
    });
  }
});

describe('session machine: simple paths of its model (by state), on the real actors', () => {
  const byValue = { serializeState: (s: { value: unknown }) => JSON.stringify(s.value) };
  for (const [name, input] of [
    ['signed out with a sign-in under way', SIGNED_OUT],
    ['a stored token', STORED],
  ] as const) {
    it(`every simple path from ${name} runs on the real machine`, async () => {
      const paths = model(input).getSimplePaths(byValue as never);
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) await follow(input, path.steps, false);
    }, 120_000);
  }
});

/** A sign-in from the callback up to the admin check, answered by the network. */
async function callback(driver: Driver, query: { state: string | null; code: string | null }) {
  await driver.play({ type: 'callback', iss: null, ...query });
  if (!driver.network.isWaiting('get', '/api/auth/token')) return;
  await driver.play({ type: 'xstate.done.actor.exchangeCode', output: 'token-1' });
  await driver.play({ type: 'xstate.done.actor.loadUser', output: user() });
  await driver.play({ type: 'xstate.done.actor.detectAdmin', output: false });
}

describe('session machine: scenarios on the real actors', () => {
  it("fails with 'Incorrect state' when the callback's state differs, without exchanging the code", async () => {
    const driver = start(SIGNED_OUT);
    await callback(driver, { state: btoa('1'), code: 'code-1' });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toBe('Failed');
    expect(snapshot.context.error).toBe(INCORRECT_STATE);
    expect(driver.network.callsTo('get', '/api/auth/token')).toEqual([]);
    expect(window.location.pathname).toBe('/error/500');
  });

  it('exchanges the code with the stored verifier and nonce, then loads the user again 2 s later', async () => {
    const driver = start(SIGNED_OUT);
    await callback(driver, { state: PENDING.oauthState, code: 'code-1' });
    const [exchange] = driver.network.callsTo('get', '/api/auth/token');
    expect(Object.fromEntries(exchange!.query)).toEqual({
      authorization_code: `code-1.${driver.run}`,
      redirect_uri: `${window.location.origin}/login/callback`,
      code_verifier: PENDING.codeVerifier,
      nonce: PENDING.nonce,
    });
    expect(readStoredSession().token).toEqual({ access_token: 'token-1' });
    expect(`${window.location.pathname}${window.location.search}`).toBe(PENDING.redirectURI);
    const loads = () => driver.network.callsTo('get', '/api/user/').length;
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(USER_REFRESH_DELAY_MS - 1);
    expect(loads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settleMicrotasks();
    expect(loads()).toBe(2);
    expect(driver.network.callsTo('get', '/api/user/')[1]!.headers.get('authorization')).toBe(
      'Bearer token-1',
    );
    await driver.play({ type: 'xstate.done.actor.loadUser', output: user({ name: 'Ana Renamed' }, 'de-DE') });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toEqual({ Ready: 'Idle' });
    expect(snapshot.context.me?.user.name).toBe('Ana Renamed');
  });

  it.each([
    ['/alerts/5?tab=notes', '/alerts/5?tab=notes'],
    ['/login', '/'],
    ['/login/callback?code=x', '/'],
    ['/logout', '/'],
    ['/error/403', '/'],
    ['//evil.example/x', '/'],
  ])('after sign-in, the remembered address %s leads to %s', async (remembered, target) => {
    const driver = start({ ...SIGNED_OUT, pending: { ...PENDING, redirectURI: remembered } });
    await callback(driver, { state: PENDING.oauthState, code: 'code-1' });
    expect(`${window.location.pathname}${window.location.search}`).toBe(target);
    expect(returnTarget(remembered)).toBe(target);
  });

  it('a watched 401 clears the token and starts sign-in remembering the address', async () => {
    const driver = start(STORED);
    await driver.play({ type: 'xstate.done.actor.loadUser', output: user() });
    await driver.play({ type: 'xstate.done.actor.detectAdmin', output: true });
    expect(driver.actor.getSnapshot().context.admin).toBe(true);
    await driver.play({ type: 'session-expired', returnTo: '/cases/7' });
    expect(driver.actor.getSnapshot().value).toBe('StartingLogin');
    expect(driver.actor.getSnapshot().context).toMatchObject({ token: null, me: null, admin: false });
    expect(driver.network.waiting()).toContain('get /api/auth/config');
    await driver.play({ type: 'xstate.done.actor.prepareLogin', output: LOGIN_PLACEHOLDER });
    expect(readStoredSession().redirectURI).toBe('/cases/7');
  });

  it('a stored token that has expired restarts sign-in for the address the browser opened', async () => {
    const driver = start(STORED);
    await driver.play({ type: 'xstate.error.actor.loadUser', error: EXPIRED });
    expect(driver.actor.getSnapshot().value).toBe('StartingLogin');
    await driver.play({ type: 'xstate.done.actor.prepareLogin', output: LOGIN_PLACEHOLDER });
    expect(readStoredSession().redirectURI).toBe('/users');
  });

  it('logs out with the token, then sends the browser to the IdP end-session address', async () => {
    const driver = start(STORED);
    await driver.play({ type: 'xstate.done.actor.loadUser', output: user() });
    await driver.play({ type: 'xstate.done.actor.detectAdmin', output: false });
    await driver.play({ type: 'logout' });
    const [logout] = driver.network.callsTo('post', '/api/auth/logout');
    expect(logout!.headers.get('authorization')).toBe('Bearer stored-token');
    await driver.play({ type: 'xstate.done.actor.endSession', output: { url: 'https://idp.example/end' } });
    expect(driver.actor.getSnapshot().value).toBe('LoggedOut');
    expect(vi.mocked(leaveFor)).toHaveBeenLastCalledWith('https://idp.example/end');
  });

  it('an unreachable server during logout still signs out, to the console sign-in page', async () => {
    const driver = start(STORED);
    await driver.play({ type: 'xstate.done.actor.loadUser', output: user() });
    await driver.play({ type: 'xstate.done.actor.detectAdmin', output: false });
    await driver.play({ type: 'logout' });
    await driver.network.fail('post', '/api/auth/logout');
    await driver.network.fail('get', '/api/auth/config');
    await settleMicrotasks();
    expect(driver.actor.getSnapshot().value).toBe('LoggedOut');
    expect(vi.mocked(leaveFor)).toHaveBeenLastCalledWith('/login');
  });
});
