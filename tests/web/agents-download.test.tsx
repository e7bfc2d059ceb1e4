// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AgentsPage } from '../../src/web/features/agents/AgentsPage.tsx';
import { anAgent } from '../helpers/agent-fixture.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const ACME = '00000000-0000-4000-8000-00000000ac01';
const GLOBEX = '00000000-0000-4000-8000-00000000ac02';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  network.on('get', '/api/agents/v1/agents/', { status: 200, body: { agents: [anAgent()], offset: null } });
  network.on('get', '/api/agents/v1/agents/totals', {
    status: 200,
    body: { total: 1, platform: [], architecture: [], risk: [] },
  });
});

const openList = () =>
  renderInShell(<AgentsPage params={{}} route="agents" />, {
    path: '/agents',
    data: { customers: [customer('Acme Corp', ACME), customer('Globex', GLOBEX)] },
  });

describe('download agents', () => {
  it('staff pick a customer and a platform from the keyboard; the link goes to their e-mail', async () => {
    const user = userEvent.setup();
    signIn(network);
    network.on('post', '/api/agents/v1/installers', {
      status: 202,
      body: {
        installer_id: '00000000-0000-4000-8000-0000000000e1',
        customer_id: GLOBEX,
        platform: 'linux',
        status: 'queued',
        email: 'analyst@watchfloor.example',
        created_at: '2026-01-01T00:00:00.000Z',
        ready_at: null,
        expires_at: null,
      },
    });
    await openList();
    const button = await screen.findByRole('button', { name: 'Download agents…' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Download agents' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Customer' }), 'Globex');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'Linux');
    screen.getByRole('combobox', { name: 'Platform' }).focus();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send the download link' }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(dialog.textContent).toContain('the download link goes to analyst@watchfloor.example'),
    );
    expect(network.callsTo('post', '/api/agents/v1/installers')[0]!.body).toEqual({
      customer_id: GLOBEX,
      platform: 'linux',
    });
  });

  it('is not offered to customer users, who cannot download agents', async () => {
    signIn(network, { permissions: ['modify_all'], user: { role_level: 'Customer' } });
    await openList();
    await waitFor(() => expect(document.querySelector('[data-row-index]')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Download agents…' })).toBeNull();
  });
});
