// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AgentsPage } from '../../src/web/features/agents/AgentsPage.tsx';
import type { Agent } from '../../src/web/features/agents/api.ts';
import { anAgent } from '../helpers/agent-fixture.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const agent = (id: string, host: string, status: 'online' | 'offline'): Agent =>
  anAgent({
    agent_id: `00000000-0000-4000-8000-00000000000${id}`,
    customer_id: '00000000-0000-4000-8000-0000000000c1',
    host_name: host,
    status_code: status === 'online' ? 0 : 3,
    status,
    states: [status],
  });

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
  network.on('get', '/api/agents/v1/agents/', {
    status: 200,
    body: { agents: [agent('1', 'SRV-DC-01', 'online'), agent('2', 'WS-FIN-0001', 'offline')], offset: null },
  });
  network.on('get', '/api/agents/v1/agents/totals', {
    status: 200,
    body: { total: 0, platform: [], architecture: [], risk: [] },
  });
});

const hosts = () =>
  [...document.querySelectorAll('[data-row-index] [data-list-name]')].map((link) => link.textContent);

describe('the agents list’s filters in the address', () => {
  it('opens filtered by the address and writes a changed filter back in place of it', async () => {
    const { location } = await renderInShell(<AgentsPage params={{}} route="agents" />, {
      path: '/agents?status=offline',
    });
    await waitFor(() => expect(hosts()).toEqual(['WS-FIN-0001']));
    const offline = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Offline' });
    expect(offline.checked).toBe(true);
    fireEvent.click(offline);
    await waitFor(() => expect(hosts()).toEqual(['SRV-DC-01', 'WS-FIN-0001']));
    await waitFor(() => expect(location.history).toEqual(['/agents']));
  });

  it('applies a new address (a link followed to the page already open)', async () => {
    const { location } = await renderInShell(<AgentsPage params={{}} route="agents" />, { path: '/agents' });
    await waitFor(() => expect(hosts()).toEqual(['SRV-DC-01', 'WS-FIN-0001']));
    act(() => location.navigate('/agents?status=online&q=srv'));
    await waitFor(() => expect(hosts()).toEqual(['SRV-DC-01']));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Online' }).checked).toBe(true);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('srv');
  });
});
