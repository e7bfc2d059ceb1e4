// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerActions } from '../../src/web/features/customers/CustomerActions.tsx';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { anAlert } from '../helpers/alert-fixture.ts';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

const CUSTOMER = {
  customer_id: '6f1c0a52-8a5e-4c43-9d1e-0e6b1f3f0a11',
  name: 'Initech',
  has_subscription: true,
  created_time: '2025-01-01T00:00:00Z',
  modified_time: '2025-01-01T00:00:00Z',
};

async function render() {
  const me = signIn(network);
  await renderInShell(
    <>
      <CustomerActions customer={CUSTOMER} />
      <ToastArea />
    </>,
    { path: '/customers' },
  );
  return me;
}

describe('customer actions', () => {
  it('creates a test alert for the customer and links to it', async () => {
    network.on('post', '/api/alerts/v1/alerts/test', () => ({
      status: 201 as const,
      body: anAlert({ id: 4242, status: 'new', customer_id: CUSTOMER.customer_id }),
    }));
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Create test alert' }));
    const link = await screen.findByRole('link', { name: 'Open test alert 4242' });
    expect(link.getAttribute('href')).toBe('/alerts/4242');
    expect(network.callsTo('post', '/api/alerts/v1/alerts/test').map((c) => c.body)).toEqual([
      { customer_id: CUSTOMER.customer_id },
    ]);
    expect(await screen.findByText('Test alert 4242 created')).toBeTruthy();
  });

  it('says so when the test alert cannot be created', async () => {
    network.on(
      'post',
      '/api/alerts/v1/alerts/test',
      apiError(404, `A customer with the ID ${CUSTOMER.customer_id} was not found.`),
    );
    const user = userEvent.setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Create test alert' }));
    expect(await screen.findByText('Unable to create alert')).toBeTruthy();
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('asks for an installer of the chosen platform, mailed to the caller', async () => {
    network.on('post', '/api/agents/v1/installers', (call) => ({
      status: 202 as const,
      body: {
        installer_id: '0a1b2c3d-0000-4000-8000-000000000001',
        customer_id: call.body.customer_id,
        platform: call.body.platform,
        status: 'queued' as const,
        email: 'analyst@test.example',
        created_at: '2025-01-01T00:00:00Z',
        ready_at: null,
        expires_at: null,
      },
    }));
    const user = userEvent.setup();
    const me = await render();
    await user.click(screen.getByRole('button', { name: 'Download agent…' }));
    const dialog = screen.getByRole('dialog', { name: 'Agent installer for Initech' });
    expect(dialog.textContent).toContain(me.user.email);
    await user.click(within(dialog).getByRole('radio', { name: 'Linux' }));
    await user.click(within(dialog).getByRole('button', { name: 'E-mail me the link' }));
    await waitFor(() =>
      expect(network.callsTo('post', '/api/agents/v1/installers').map((c) => c.body)).toEqual([
        { customer_id: CUSTOMER.customer_id, platform: 'linux' },
      ]),
    );
    expect(await screen.findByText('The download link is on its way to analyst@test.example.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
