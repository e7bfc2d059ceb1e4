import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { SessionInput } from '../../machines/session/context.ts';
import { INCORRECT_STATE } from '../../machines/session/errors.ts';
import {
  authorizeUrl,
  createLoginRequest,
  pkceChallenge,
  randomState,
  randomVerifier,
  SCOPE,
} from '../../machines/session/oauth.ts';
import { returnTarget } from '../../machines/session/redirect.ts';
import { type Driver, drive, LOGIN_REQUEST, PENDING, sessionModel, user } from './session-harness.ts';

const SIGNED_OUT: SessionInput = { token: null, pending: PENDING, address: '/' };
const STORED: SessionInput = { token: 'stored-token', pending: null, address: '/users' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

/** Which fake call must be waiting in each state that invokes one. */
const INVOKED = [
  ['StartingLogin', 'prepareLogin'],
  [{ Callback: 'ExchangingCode' }, 'exchangeCode'],
  [{ Callback: 'LoadingUser' }, 'loadUser'],
  [{ Callback: 'DetectingAdmin' }, 'detectAdmin'],
  [{ Restoring: 'LoadingUser' }, 'loadUser'],
  [{ Restoring: 'DetectingAdmin' }, 'detectAdmin'],
  [{ Ready: 'Refreshing' }, 'loadUser'],
  ['LoggingOut', 'endSession'],
] as const;

/** What must be true of the real machine and its effects after a step, whatever the path. */
function checkInvariants(driver: Driver, event: AnyEventObject, effectsBefore: number) {
  const snapshot = driver.actor.getSnapshot();
  const effects = driver.effects.slice(effectsBefore);
  const last = effects.at(-1);
  for (const [state, actor] of INVOKED) {
    if (snapshot.matches(state)) {
      expect(driver.waiting.has(actor), `${actor} runs in ${JSON.stringify(state)}`).toBe(true);
    }
  }
  if (snapshot.matches('Failed') && effects.length) {
    expect(last).toEqual({ type: 'navigate', params: { to: '/error/500' } });
    expect(effects).toContainEqual({ type: 'clearSession' });
    expect(effects).toContainEqual({ type: 'resetStores' });
    expect(effects).toContainEqual({ type: 'reportError', params: { message: snapshot.context.error } });
    expect(snapshot.context.token).toBeNull();
  }
  if (snapshot.matches('RedirectingToIdp')) {
    expect(effects).toContainEqual({ type: 'persistLogin', params: LOGIN_REQUEST });
    expect(last).toEqual({ type: 'redirectBrowser', params: { url: LOGIN_REQUEST.url } });
  }
  if (snapshot.matches('LoggedOut')) {
    expect(effects).toContainEqual({ type: 'clearSession' });
    expect(last).toEqual({ type: 'redirectBrowser', params: { url: event.output?.url ?? '/login' } });
  }
  if (snapshot.matches({ Ready: 'RefreshScheduled' }) && event.type.includes('detectAdmin')) {
    expect(effects).toContainEqual({ type: 'navigate', params: { to: '/alerts?status=new' } });
    expect(effects).toContainEqual({ type: 'clearPersistedLogin' });
  }
  if (snapshot.matches('Ready')) {
    expect(snapshot.context.token).not.toBeNull();
    expect(snapshot.context.me).not.toBeNull();
  }
}

/** Runs the real machine along a generated path, checking state (and context) at each step. */
async function follow(
  input: SessionInput,
  steps: { event: AnyEventObject; state: { value: unknown; context: unknown } }[],
  withContext: boolean,
) {
  const driver = drive(input);
  for (const step of steps) {
    const before = driver.effects.length;
    await driver.play(step.event, advance);
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    if (withContext) expect(snapshot.context, step.event.type).toEqual(step.state.context);
    checkInvariants(driver, step.event, before);
  }
  driver.actor.stop();
}

const describePath = (steps: { event: AnyEventObject; state: { value: unknown } }[]) =>
  steps.map((s) => `${s.event.type.replace('xstate.', '')} → ${JSON.stringify(s.state.value)}`).join(', ') ||
  'start';

describe('session machine: shortest paths of its model', () => {
  for (const [name, input] of [
    ['signed out with a sign-in under way', SIGNED_OUT],
    ['a stored token', STORED],
  ] as const) {
    describe(`from ${name}`, () => {
      const paths = sessionModel(input).getShortestPaths();
      paths.forEach((path, i) => {
        it(`#${i} ${describePath(path.steps)}`, async () => {
          await follow(input, path.steps, true);
        });
      });
    });
  }
});

describe('session machine: simple paths of its model (by state)', () => {
  const byValue = { serializeState: (s: { value: unknown }) => JSON.stringify(s.value) };
  for (const [name, input] of [
    ['signed out with a sign-in under way', SIGNED_OUT],
    ['a stored token', STORED],
  ] as const) {
    it(`every simple path from ${name} runs on the real machine`, async () => {
      const paths = sessionModel(input).getSimplePaths(byValue as never);
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) await follow(input, path.steps, false);
    }, 120_000);
  }
});

/** A sign-in from the callback up to the admin check, with the given callback query. */
async function callback(driver: Driver, query: { state: string | null; code: string | null }) {
  driver.actor.send({ type: 'callback', iss: null, ...query });
  if (!driver.waiting.has('exchangeCode')) return;
  await driver.settle('exchangeCode', { output: 'token-1' }, true);
  await driver.settle('loadUser', { output: user() }, true);
  await driver.settle('detectAdmin', { output: false }, true);
}

describe('session machine: scenarios', () => {
  it("fails with 'Incorrect state' when the callback's state differs, without exchanging the code", async () => {
    const driver = drive(SIGNED_OUT);
    await callback(driver, { state: btoa('1'), code: 'code-1' });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toBe('Failed');
    expect(snapshot.context.error).toBe(INCORRECT_STATE);
    expect(driver.calls.map((c) => c.actor)).not.toContain('exchangeCode');
    expect(driver.effects).toContainEqual({ type: 'reportError', params: { message: 'Incorrect state' } });
    expect(driver.effects.at(-1)).toEqual({ type: 'navigate', params: { to: '/error/500' } });
  });

  it('exchanges the code with the stored verifier and nonce, then loads the user again 2 s later', async () => {
    const driver = drive(SIGNED_OUT);
    await callback(driver, { state: PENDING.oauthState, code: 'code-1' });
    expect(driver.calls[0]).toEqual({
      actor: 'exchangeCode',
      input: { code: 'code-1', iss: null, codeVerifier: PENDING.codeVerifier, nonce: PENDING.nonce },
    });
    expect(driver.effects).toContainEqual({ type: 'persistToken', params: { token: 'token-1' } });
    const loads = () => driver.calls.filter((c) => c.actor === 'loadUser').length;
    expect(loads()).toBe(1);
    await advance(1999);
    expect(loads()).toBe(1);
    await advance(1);
    expect(loads()).toBe(2);
    await driver.settle('loadUser', { output: user({ name: 'Ana Renamed' }, 'de-DE') }, true);
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toEqual({ Ready: 'Idle' });
    expect(snapshot.context.me?.user.name).toBe('Ana Renamed');
    expect(driver.effects.at(-1)).toEqual({ type: 'applyLocale', params: { locale: 'de-DE' } });
  });

  it.each([
    ['/alerts/5?tab=notes', '/alerts/5?tab=notes'],
    ['/login', '/'],
    ['/login/callback?code=x', '/'],
    ['/logout', '/'],
    ['/error/403', '/'],
    ['//evil.example/x', '/'],
  ])('after sign-in, the remembered address %s leads to %s', async (remembered, target) => {
    const driver = drive({ ...SIGNED_OUT, pending: { ...PENDING, redirectURI: remembered } });
    await callback(driver, { state: PENDING.oauthState, code: 'code-1' });
    expect(driver.effects).toContainEqual({ type: 'navigate', params: { to: target } });
    expect(returnTarget(remembered)).toBe(target);
  });

  it('a watched 401 resets the data, clears the token and starts sign-in remembering the address', async () => {
    const driver = drive(STORED);
    await driver.settle('loadUser', { output: user() }, true);
    await driver.settle('detectAdmin', { output: true }, true);
    expect(driver.actor.getSnapshot().context.admin).toBe(true);
    driver.actor.send({ type: 'session-expired', returnTo: '/cases/7' });
    expect(driver.actor.getSnapshot().value).toBe('StartingLogin');
    expect(driver.actor.getSnapshot().context).toMatchObject({ token: null, me: null, admin: false });
    expect(driver.effects.slice(-2)).toEqual([{ type: 'clearSession' }, { type: 'resetStores' }]);
    expect(driver.calls.at(-1)).toEqual({ actor: 'prepareLogin', input: { returnTo: '/cases/7' } });
  });

  it('a stored token that has expired restarts sign-in for the address the browser opened', async () => {
    const driver = drive(STORED);
    await driver.settle(
      'loadUser',
      { error: Object.assign(new Error('expired'), { name: 'SessionExpiredError' }) },
      false,
    );
    expect(driver.actor.getSnapshot().value).toBe('StartingLogin');
    expect(driver.calls.at(-1)).toEqual({ actor: 'prepareLogin', input: { returnTo: '/users' } });
  });

  it('logs out with the token, then sends the browser to the IdP end-session address', async () => {
    const driver = drive(STORED);
    await driver.settle('loadUser', { output: user() }, true);
    await driver.settle('detectAdmin', { output: false }, true);
    driver.actor.send({ type: 'logout' });
    expect(driver.calls.at(-1)).toEqual({ actor: 'endSession', input: { token: 'stored-token' } });
    await driver.settle('endSession', { output: { url: 'https://idp.example/end' } }, true);
    expect(driver.actor.getSnapshot().value).toBe('LoggedOut');
    expect(driver.effects.at(-1)).toEqual({
      type: 'redirectBrowser',
      params: { url: 'https://idp.example/end' },
    });
  });
});

describe('sign-in helpers', () => {
  it('builds the state from a random integer, base64-encoded', () => {
    const states = new Set(Array.from({ length: 20 }, () => randomState()));
    expect(states.size).toBe(20);
    for (const state of states) expect(atob(state)).toMatch(/^\d+$/);
  });

  it('makes PKCE verifiers of 43 to 128 unreserved characters', () => {
    const verifier = randomVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(randomVerifier()).not.toBe(verifier);
  });

  // The verifier of RFC 7636 appendix B (its bytes are listed there), not a look-alike.
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    await expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('puts every parameter on the authorize address', () => {
    const url = new URL(
      authorizeUrl(
        {
          authorization_endpoint: 'https://idp.example/idp/auth?prompt=login',
          client_id: 'watchfloor-console',
        },
        {
          redirectUri: 'https://console.example/login/callback',
          state: 'c3RhdGU=',
          nonce: 'n',
          challenge: 'c',
        },
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'login',
      client_id: 'watchfloor-console',
      scope: SCOPE,
      response_type: 'code',
      redirect_uri: 'https://console.example/login/callback',
      state: 'c3RhdGU=',
      nonce: 'n',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
    expect(SCOPE).toBe('openid email profile roles watchfloor');
  });

  it('keeps what the callback needs and sends only the challenge', async () => {
    const config = { authorization_endpoint: 'https://idp.example/auth', client_id: 'c' };
    const { url, pending } = await createLoginRequest(
      config,
      'https://console.example/login/callback',
      '/agents',
    );
    const params = new URL(url).searchParams;
    expect(params.get('state')).toBe(pending.oauthState);
    expect(params.get('nonce')).toBe(pending.nonce);
    expect(params.get('code_challenge')).toBe(await pkceChallenge(pending.codeVerifier));
    expect(url).not.toContain(pending.codeVerifier);
    expect(pending.redirectURI).toBe('/agents');
  });
});
