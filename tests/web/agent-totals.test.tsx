// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AgentTotals } from '../../src/web/features/agents/AgentTotals.tsx';
import type { FilterKey } from '../../src/web/features/agents/agent-filters.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

describe('agent totals', () => {
  it('asks the server with the list’s filters and shows what it counted', async () => {
    network.on('get', '/api/agents/v1/agents/totals', {
      status: 200,
      body: {
        total: 7,
        platform: [
          { name: 'windows', count: 5 },
          { name: 'linux', count: 2 },
        ],
        architecture: [{ name: 'x64', count: 7 }],
        risk: [
          { name: 'green', count: 6 },
          { name: 'red', count: 1 },
        ],
      },
    });
    const filters = new Set<FilterKey>(['online', 'sysmon']);
    await renderInShell(<AgentTotals customerIds={[CUSTOMER]} filters={filters} text=" dc " />);
    expect(await screen.findByText('windows 5 · linux 2')).toBeTruthy();
    expect(screen.getByText('x64 7')).toBeTruthy();
    const [call] = network.callsTo('get', '/api/agents/v1/agents/totals');
    expect(call!.query.getAll('customer_ids')).toEqual([CUSTOMER]);
    expect(call!.query.getAll('states')).toEqual(['online']);
    expect(call!.query.getAll('flags')).toEqual(['sysmon']);
    expect(call!.query.get('q')).toBe('dc');
  });

  it('says when the totals could not be loaded and offers to try again', async () => {
    network.on(
      'get',
      '/api/agents/v1/agents/totals',
      new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Down for a moment.' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await renderInShell(<AgentTotals customerIds={[]} filters={new Set()} text="" />);
    expect(await screen.findByText('The totals could not be loaded.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
  });
});
