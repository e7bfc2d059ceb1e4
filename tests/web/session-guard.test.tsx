// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessRule } from '../../src/common/permissions.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { currentUser } from './session-fakes.ts';
import '../../src/web/i18n/index.ts';
import { ROUTES } from '../../src/web/routes.ts';
import { RouteGuard, useAccess } from '../../src/web/session/RouteGuard.tsx';
import { SessionProvider } from '../../src/web/session/SessionProvider.tsx';
import { ActivePageContext } from '../../src/web/shell/navigation/active-page.ts';

vi.mock('../../src/web/session/browser.ts', () => ({ leaveFor: vi.fn() }));

let network: FakeNetwork;
const routeNamed = (name: string) => ROUTES.find((r) => r.name === name)!;

/** Signs in from a stored token as a user with these permissions and attributes. */
function signInAs(permissions: string[], { admin = false, attributes = {} } = {}) {
  localStorage.setItem('watchfloor.session', JSON.stringify({ token: { access_token: 'tok' } }));
  network.on('get', '/api/user/', {
    status: 200,
    body: { ...currentUser({ admin }, permissions), attributes },
  });
  network.on(
    'get',
    '/api/support/v1/meta/tasks',
    admin ? { status: 200, body: { tasks: [] } } : apiError(403, 'no'),
  );
}

function renderGuarded(name: string, address: string, active = true) {
  window.history.replaceState(null, '', address);
  render(
    <SessionProvider>
      <ActivePageContext.Provider value={active}>
        <RouteGuard route={routeNamed(name)}>
          <p>page content</p>
        </RouteGuard>
      </ActivePageContext.Provider>
    </SessionProvider>,
  );
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  localStorage.clear();
});
afterEach(cleanup);

describe('route guard', () => {
  it('sends a customer user opening /integrations to /error/403', async () => {
    signInAs([]);
    renderGuarded('integrations', '/integrations');
    await waitFor(() => expect(window.location.pathname).toBe('/error/403'));
    expect(screen.queryByText('page content')).toBeNull();
  });

  it('shows /integrations to a global user who may read integrations', async () => {
    signInAs(['global_user', 'read_integration']);
    renderGuarded('integrations', '/integrations');
    await screen.findByText('page content');
    expect(window.location.pathname).toBe('/integrations');
  });

  it('keeps /admin from users who are not administrators', async () => {
    signInAs(['global_user', 'read_all']);
    renderGuarded('admin', '/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/error/403'));
  });

  it('lets administrators into /admin', async () => {
    signInAs(['global_user'], { admin: true });
    renderGuarded('admin', '/admin');
    await screen.findByText('page content');
  });

  it('does nothing from a page hidden in the page cache', async () => {
    signInAs([]);
    renderGuarded('integrations', '/alerts', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.pathname).toBe('/alerts');
    expect(screen.queryByText('page content')).toBeNull();
  });
});

function Entry({ rule, label }: { rule: AccessRule | undefined; label: string }) {
  return useAccess(rule) ? <span>{label}</span> : null;
}

describe('useAccess', () => {
  it('follows the sidebar rules once the user is loaded (spec 1, section 6)', async () => {
    signInAs(['global_user', 'read_escalation'], { attributes: { lab_escalations: true } });
    window.history.replaceState(null, '', '/');
    render(
      <SessionProvider>
        <Entry rule={undefined} label="alerts" />
        <Entry
          rule={{ globalScope: true, anyOf: ['read_all', 'read_escalation'], attribute: 'lab_escalations' }}
          label="escalations"
        />
        <Entry rule={{ globalScope: true, anyOf: ['read_all', 'read_workflow'] }} label="workflows" />
      </SessionProvider>,
    );
    expect(screen.queryByText('alerts')).toBeNull();
    await screen.findByText('alerts');
    expect(screen.queryByText('escalations')).not.toBeNull();
    expect(screen.queryByText('workflows')).toBeNull();
  });
});
