// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UpdateDetailsPage } from '../../src/web/features/updates/UpdateDetailsPage.tsx';
import { UpdatesPage } from '../../src/web/features/updates/UpdatesPage.tsx';
import { UserDetails } from '../../src/web/features/users/UserDetails.tsx';
import { UsersPage } from '../../src/web/features/users/UsersPage.tsx';
import { useSession } from '../../src/web/session/use-session.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

stubLayout();

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network);
});

/** Whether the session is still the signed-in one (a watched 401/403 would have reset it). */
function SessionStatus() {
  return <p>session {useSession().status}</p>;
}

describe('platform updates (spec 2, section 8)', () => {
  it("says 'Invalid response fetching updates' when the list fails", async () => {
    network.on('get', '/api/updates/v1/updates/', apiError(500, 'boom'));
    await renderInShell(<UpdatesPage params={{}} route="updates" />, { path: '/updates' });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Invalid response fetching updates. Please try again later.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("says 'Invalid response fetching update' when one update fails", async () => {
    network.on('get', '/api/updates/v1/updates/{id}', apiError(500, 'boom'));
    await renderInShell(<UpdateDetailsPage params={{ id: '4' }} route="update_details" />, {
      path: '/updates/4',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid response fetching update. Please try again later.',
    );
  });

  it.each([401, 403])('tolerates %i: no session reset, no error, no updates', async (status) => {
    network.on('get', '/api/updates/v1/updates/', apiError(status, 'no'));
    await renderInShell(
      <>
        <SessionStatus />
        <UpdatesPage params={{}} route="updates" />
        <ToastArea />
      </>,
      { path: '/updates' },
    );
    expect(await screen.findByText('There are no platform updates yet.')).toBeTruthy();
    expect(screen.getByText('session ready')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('users (spec 2, section 8)', () => {
  it("says 'Unable to get users' when the list fails", async () => {
    network.on('get', '/api/management/contacts', apiError(500, 'boom'));
    await renderInShell(<UsersPage params={{}} route="users" />, { path: '/users' });
    expect(await screen.findByText(/Unable to get users/)).toBeTruthy();
  });

  it("says 'Unable to get user' when one user's details fail", async () => {
    network.on('get', '/api/management/contacts/{contact_id}', (call) =>
      call.params.contact_id === 'c-1' ? apiError(500, 'boom') : apiError(404, 'not found'),
    );
    const contact = {
      contact_id: 'c-1',
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: '',
      name: 'Ana',
      role_level: 'Customer' as const,
      valid_customer_ids: [],
      last_login: null,
    };
    const props = {
      customerNames: new Map<string, string>(),
      canManage: true,
      version: 0,
      onEdit: () => undefined,
      onDeleted: () => undefined,
    };
    await renderInShell(
      <>
        <UserDetails contact={contact} {...props} />
        <ToastArea />
      </>,
    );
    expect(await screen.findByText('Unable to get user')).toBeTruthy();
    expect(screen.getByText('Please try again later.')).toBeTruthy();
  });
});
