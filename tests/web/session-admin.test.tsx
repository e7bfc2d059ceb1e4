// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';

import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { AdminPage } from '../../src/web/admin/AdminPage.tsx';
import { type Impersonation, useImpersonation } from '../../src/web/admin/use-impersonation.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { currentUser, stored, token } from './session-fakes.ts';
import '../../src/web/i18n/index.ts';
import { SessionProvider } from '../../src/web/session/SessionProvider.tsx';

vi.mock('../../src/web/session/browser.ts', () => ({ leaveFor: vi.fn() }));

type Contact = components['schemas']['Contact'];
let network: FakeNetwork;
const contact = (
  id: string,
  name: string,
  email: string,
  role_level: Contact['role_level'] = 'Global',
): Contact => ({
  contact_id: `00000000-0000-4000-8000-00000000000${id}`,
  email,
  name,
  first_name: name.split(' ')[0]!,
  last_name: name.split(' ')[1] ?? '',
  role_level,
  last_login: id === '2' ? null : '2026-05-01T08:30:00Z',
  valid_customer_ids: [],
});
const ADMIN = contact('1', 'Ada Admin', 'admin@watchfloor.example');
const ANALYST = contact('2', 'Ana Lyst', 'analyst@watchfloor.example');
const CUSTOMER = contact('3', 'Cas Tomer', 'user@acme.example', 'Customer');

function signedInAdmin() {
  localStorage.setItem('watchfloor.session', JSON.stringify({ token: { access_token: 'tok-admin' } }));
  network.on('get', '/api/user/', {
    status: 200,
    body: currentUser({ admin: true, contact_id: ADMIN.contact_id, email: ADMIN.email }),
  });
  network.on('get', '/api/support/v1/meta/tasks', { status: 200, body: { tasks: [] } });
}

function searchAnswers(contacts: Contact[]) {
  network.on('get', '/api/support/v1/contact/', ({ query }) => {
    const text = query.get('query')?.toLowerCase() ?? '';
    return {
      status: 200 as const,
      body: { contacts: contacts.filter((c) => `${c.name} ${c.email}`.toLowerCase().includes(text)) },
    };
  });
}

function renderAdmin() {
  window.history.replaceState(null, '', '/admin');
  render(
    <SessionProvider>
      <AdminPage params={{}} route="admin" />
    </SessionProvider>,
  );
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  localStorage.clear();
  signedInAdmin();
});
afterEach(cleanup);

describe('/admin', () => {
  it('focuses the search, lists the users and searches after a pause, once', async () => {
    searchAnswers([ADMIN, ANALYST, CUSTOMER]);
    renderAdmin();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(document.activeElement).toBe(search);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const analystRow = within(table).getByRole('row', { name: /analyst@watchfloor\.example/ });
    expect(within(analystRow).getByText('Never')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /user@acme\.example/ }).textContent).toContain('Customer');

    await userEvent.type(search, 'acme');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    const queries = network.callsTo('get', '/api/support/v1/contact/').map((c) => c.query.get('query'));
    expect(queries).toEqual([null, 'acme']);
  });

  it("says 'No users match' when nothing matches", async () => {
    searchAnswers([]);
    renderAdmin();
    expect((await screen.findByText('No users match')).textContent).toBe('No users match');
  });

  it('shows a failed search and tries again', async () => {
    network.on('get', '/api/support/v1/contact/', apiError(500, 'Database down'));
    renderAdmin();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The users could not be loaded.');
    searchAnswers([ANALYST]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
  });

  it('impersonates a user from the keyboard and opens the dashboard as them', async () => {
    searchAnswers([ADMIN, ANALYST]);
    network.on('post', '/api/support/v1/impersonation', { status: 200, body: token('tok-analyst') });
    renderAdmin();
    await screen.findByRole('table');
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /admin@watchfloor/ }).querySelector('button')?.disabled).toBe(
        true,
      ),
    );
    network.on('get', '/api/user/', {
      status: 200,
      body: currentUser({ impersonator: { email: ADMIN.email } }),
    });
    network.on('get', '/api/support/v1/meta/tasks', apiError(403, 'no'));

    // Tab moves from the search box to the first enabled 'Impersonate' button: the analyst's.
    await userEvent.tab();
    expect(document.activeElement?.closest('tr')?.textContent).toContain(ANALYST.email);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(network.callsTo('post', '/api/support/v1/impersonation')[0]!.body).toEqual({
      contact_id: ANALYST.contact_id,
    });
    expect(network.callsTo('get', '/api/user/').at(-1)!.headers.get('Authorization')).toBe(
      'Bearer tok-analyst',
    );
    expect(stored()).toEqual({ token: { access_token: 'tok-analyst' } });
  });
});

let impersonation: Impersonation;
function Probe() {
  impersonation = useImpersonation();
  return <span data-testid="impersonator">{impersonation.impersonator ?? 'none'}</span>;
}

describe('useImpersonation', () => {
  it('names the impersonator and ends the impersonation on the users admin page', async () => {
    localStorage.setItem('watchfloor.session', JSON.stringify({ token: { access_token: 'tok-analyst' } }));
    network.on('get', '/api/user/', {
      status: 200,
      body: currentUser({ impersonator: { email: ADMIN.email } }),
    });
    network.on('delete', '/api/support/v1/impersonation', { status: 200, body: token('tok-admin-again') });
    window.history.replaceState(null, '', '/alerts');
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('impersonator').textContent).toBe(ADMIN.email));

    network.on('get', '/api/user/', { status: 200, body: currentUser({ admin: true, email: ADMIN.email }) });
    network.on('get', '/api/support/v1/meta/tasks', { status: 200, body: { tasks: [] } });
    await act(() => impersonation.end());
    expect(window.location.pathname).toBe('/admin');
    expect(screen.getByTestId('impersonator').textContent).toBe('none');
    expect(stored()).toEqual({ token: { access_token: 'tok-admin-again' } });
  });
});
