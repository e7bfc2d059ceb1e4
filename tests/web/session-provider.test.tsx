// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pkceChallenge } from '../../machines/session/oauth.ts';
import { api } from '../../src/api/client.ts';
import i18n from '../../src/web/i18n/index.ts';
import { ROUTES } from '../../src/web/routes.ts';
import { leaveFor } from '../../src/web/session/browser.ts';
import { LoginCallbackPage } from '../../src/web/session/pages/LoginCallbackPage.tsx';
import { RouteGuard } from '../../src/web/session/RouteGuard.tsx';
import { SessionProvider, useSession } from '../../src/web/session/SessionProvider.tsx';
import type { Session } from '../../src/web/session/types.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { AUTH_CONFIG, currentUser, stored, token } from './session-fakes.ts';

vi.mock('../../src/web/session/browser.ts', () => ({ leaveFor: vi.fn() }));

const KEY = 'watchfloor.session';
let network: FakeNetwork;
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const routeNamed = (name: string) => ROUTES.find((r) => r.name === name)!;

let session: Session;
function Probe() {
  session = useSession();
  return <span data-testid="probe">{session.status}</span>;
}

function renderAt(address: string, ui: ReactNode) {
  window.history.replaceState(null, '', address);
  return render(<SessionProvider>{ui}</SessionProvider>);
}

const address = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  localStorage.clear();
  vi.mocked(leaveFor).mockClear();
  network.on('get', '/api/auth/config', { status: 200, body: AUTH_CONFIG });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

describe('signing in', () => {
  it('sends a protected page without a token to the IdP, remembering the address', async () => {
    localStorage.setItem(KEY, JSON.stringify({ selectedCustomers: [{ customer_id: 'c-1' }] }));
    renderAt('/alerts?status=new', <RouteGuard route={routeNamed('alerts')}>alerts list</RouteGuard>);
    expect(screen.getByRole('status').textContent).toContain('Redirecting you to the login page...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Logging in');
    expect(screen.queryByText('alerts list')).toBeNull();

    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    const url = new URL(vi.mocked(leaveFor).mock.calls[0]![0]);
    const saved = stored();
    expect(`${url.origin}${url.pathname}`).toBe(AUTH_CONFIG.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'watchfloor-console',
      scope: 'openid email profile roles watchfloor',
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/login/callback',
      state: saved.oauthState,
      nonce: saved.nonce,
      code_challenge: await pkceChallenge(saved.codeVerifier as string),
      code_challenge_method: 'S256',
    });
    expect(atob(saved.oauthState as string)).toMatch(/^\d+$/);
    expect(saved).toMatchObject({
      redirectURI: '/alerts?status=new',
      selectedCustomers: [{ customer_id: 'c-1' }],
    });
  });

  it('completes the callback, loads the user, detects the admin and returns to the address', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        oauthState: 'MTIz',
        nonce: 'n-1',
        codeVerifier: VERIFIER,
        redirectURI: '/alerts?status=new',
      }),
    );
    network.on('get', '/api/auth/token', { status: 200, body: token('tok-1') });
    network.on('get', '/api/user/', { status: 200, body: currentUser({ admin: true }) });
    network.on('get', '/api/support/v1/meta/tasks', { status: 200, body: { tasks: [] } });
    renderAt(
      '/login/callback?state=MTIz&code=c0de&iss=http%3A%2F%2Flocalhost%3A3000%2Fidp',
      <>
        <LoginCallbackPage params={{}} route="login_callback" />
        <Probe />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Logging In');
    expect(screen.getByRole('status').textContent).toContain('Processing your login request...');

    await waitFor(() => expect(address()).toBe('/alerts?status=new'));
    const exchange = network.callsTo('get', '/api/auth/token')[0]!.query;
    expect(Object.fromEntries(exchange)).toEqual({
      authorization_code: 'c0de',
      redirect_uri: 'http://localhost:3000/login/callback',
      code_verifier: VERIFIER,
      nonce: 'n-1',
      iss: 'http://localhost:3000/idp',
    });
    expect(network.callsTo('get', '/api/user/')[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(stored()).toEqual({ token: { access_token: 'tok-1' } });
    expect(session).toMatchObject({ status: 'ready', token: 'tok-1', admin: true });

    // The user is fetched once more 2 s after the sign-in (spec 1, section 4.1 step 5).
    await waitFor(() => expect(network.callsTo('get', '/api/user/')).toHaveLength(2), { timeout: 3000 });
  });

  it("fails with 'Incorrect state' on a tampered state, clears the session and shows /error/500", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(
      KEY,
      JSON.stringify({ oauthState: 'MTIz', nonce: 'n-1', codeVerifier: VERIFIER, redirectURI: '/' }),
    );
    renderAt(
      '/login/callback?state=dGFtcGVyZWQ%3D&code=c0de',
      <>
        <LoginCallbackPage params={{}} route="login_callback" />
        <Probe />
      </>,
    );
    await waitFor(() => expect(address()).toBe('/error/500'));
    expect(network.callsTo('get', '/api/auth/token')).toHaveLength(0);
    expect(stored()).toEqual({});
    expect(session.error).toBe('Incorrect state');
    expect(logged).toHaveBeenCalledWith('Sign-in failed: Incorrect state');
    logged.mockRestore();
  });
});

describe('a stored session', () => {
  function signedIn() {
    localStorage.setItem(
      KEY,
      JSON.stringify({ token: { access_token: 'tok-stored' }, selectedCustomers: [] }),
    );
    network.on('get', '/api/user/', { status: 200, body: currentUser() });
    network.on('get', '/api/support/v1/meta/tasks', apiError(403, 'Admins only'));
    renderAt(
      '/cases',
      <RouteGuard route={routeNamed('cases')}>
        <Probe />
      </RouteGuard>,
    );
  }

  it('is restored before the page shows, and a non-admin is detected', async () => {
    signedIn();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading your session');
    await waitFor(() => expect(screen.queryByTestId('probe')?.textContent).toBe('ready'));
    expect(session).toMatchObject({
      token: 'tok-stored',
      admin: false,
      permissions: ['global_user', 'read_all', 'read_integration'],
    });
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('saves settings and applies them at once, locale included', async () => {
    network.on('put', '/api/portal/v1/settings/', ({ body }) => ({
      status: 200 as const,
      body: { locale: 'en-GB' as const, ...body },
    }));
    signedIn();
    await waitFor(() => expect(session?.status).toBe('ready'));
    await act(() => session.saveSettings({ locale: 'de-DE', theme: 'dark' }));
    expect(network.callsTo('put', '/api/portal/v1/settings/')[0]!.body).toEqual({
      locale: 'de-DE',
      theme: 'dark',
    });
    expect(session.attributes).toEqual({ locale: 'de-DE', theme: 'dark' });
    // The switch shows once the German strings have arrived.
    await waitFor(() => expect(i18n.language).toBe('de-DE'), { timeout: 5_000 });
  });

  it('restarts the sign-in on a watched 401, clearing the token and remembering the address', async () => {
    network.on('get', '/api/management/customers', apiError(401, 'Expired'));
    const reset = vi.fn();
    const { onSessionReset } = await import('../../src/web/session/reset.ts');
    const unsubscribe = onSessionReset(reset);
    signedIn();
    await waitFor(() => expect(session?.status).toBe('ready'));
    await act(async () => {
      // A failed call throws its ApiError; the session reacts to the 401 before that.
      await expect(api.GET('/api/management/customers')).rejects.toMatchObject({ status: 401 });
    });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    expect(reset).toHaveBeenCalled();
    expect(stored()).toMatchObject({ redirectURI: '/cases', selectedCustomers: [] });
    expect(stored().token).toBeUndefined();
    unsubscribe();
  });

  it('logs out at the server, clears the stored session and leaves for the IdP', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the XSRF cookie from here.
    document.cookie = 'XSRF-TOKEN=xsrf-1';
    network.on('post', '/api/auth/logout', {
      status: 200,
      body: { end_session_url: 'http://localhost:3000/idp/session/end?id_token_hint=x' },
    });
    signedIn();
    await waitFor(() => expect(session?.status).toBe('ready'));
    act(() => session.logout());
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('http://localhost:3000/idp/session/end?id_token_hint=x'),
    );
    const [logout] = network.callsTo('post', '/api/auth/logout');
    expect(logout!.headers.get('Authorization')).toBe('Bearer tok-stored');
    expect(logout!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(stored()).toEqual({ selectedCustomers: [] });
  });

  it("still logs out when the server cannot, through the IdP's end-session endpoint", async () => {
    network.on('post', '/api/auth/logout', apiError(500, 'Down'));
    signedIn();
    await waitFor(() => expect(session?.status).toBe('ready'));
    act(() => session.logout());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTH_CONFIG.end_session_endpoint));
  });
});
