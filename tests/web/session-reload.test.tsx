// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../src/web/routes.ts';
import { leaveFor } from '../../src/web/session/browser.ts';
import { RouteGuard } from '../../src/web/session/RouteGuard.tsx';
import { SessionProvider } from '../../src/web/session/SessionProvider.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { stored } from './session-fakes.ts';

vi.mock('../../src/web/session/browser.ts', () => ({ leaveFor: vi.fn() }));

const KEY = 'watchfloor.session';
let network: FakeNetwork;
const casesRoute = ROUTES.find((route) => route.name === 'cases')!;

/** A stored session being restored on /cases, its user call left waiting. */
function restoring() {
  localStorage.setItem(KEY, JSON.stringify({ token: { access_token: 'tok-stored' }, selectedCustomers: [] }));
  window.history.replaceState(null, '', '/cases');
  render(
    <SessionProvider>
      <RouteGuard route={casesRoute}>cases list</RouteGuard>
    </SessionProvider>,
  );
}

beforeEach(() => {
  network = freshNetwork();
  localStorage.clear();
  vi.mocked(leaveFor).mockClear();
});
afterEach(() => {
  cleanup();
  // The page is back (as from the back-forward cache) for the next test.
  window.dispatchEvent(new Event('pageshow'));
});

describe('a reload while the session is being restored', () => {
  it('keeps the stored session when the reload cuts the user call off', async () => {
    restoring();
    await waitFor(() => expect(network.isWaiting('get', '/api/user/')).toBe(true));
    window.dispatchEvent(new Event('beforeunload'));
    await network.fail('get', '/api/user/', new DOMException('The user aborted a request.', 'AbortError'));

    expect(stored().token).toEqual({ access_token: 'tok-stored' });
    expect(window.location.pathname).toBe('/cases');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loading your session');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('still fails, and clears the session, when the server cannot be reached and nobody leaves', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    restoring();
    await waitFor(() => expect(network.isWaiting('get', '/api/user/')).toBe(true));
    await network.fail('get', '/api/user/');

    await waitFor(() => expect(window.location.pathname).toBe('/error/500'));
    expect(stored().token).toBeUndefined();
    logged.mockRestore();
  });
});
