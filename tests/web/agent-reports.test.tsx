// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { AgentDiagnostics } from '../../src/web/features/agents/AgentDiagnostics.tsx';
import { AgentInventory } from '../../src/web/features/agents/AgentInventory.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const AGENT = '00000000-0000-4000-8000-0000000000f1';
type Bundle = components['schemas']['AgentDiagnosticsBundle'];
const bundle = (id: string, status: Bundle['status']): Bundle => ({
  bundle_id: id,
  agent_id: AGENT,
  action_id: null,
  file_name: `diag-${status}.zip`,
  status,
  size_bytes: 4000,
  received_bytes: status === 'uploading' ? 1000 : 4000,
  chunk_count: 4,
  received_chunks: status === 'uploading' ? 1 : 4,
  sha256: 'ab'.repeat(32),
  created_at: '2025-06-01T10:00:00.000Z',
  completed_at: null,
});

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

describe('agent inventory tab', () => {
  it('lists the software and narrows it by name or publisher', async () => {
    const user = userEvent.setup();
    network.on('get', '/api/agents/v1/agents/{agent_id}/inventory', {
      status: 200,
      body: [
        {
          name: 'Google Chrome',
          version: '124',
          publisher: 'Google LLC',
          install_date: '20240102',
          last_seen: null,
        },
        { name: '7-Zip', version: '23.01', publisher: 'Igor Pavlov', install_date: null, last_seen: null },
      ],
    });
    await renderInShell(<AgentInventory agentId={AGENT} />);
    expect(await screen.findByText('2 applications')).toBeTruthy();
    expect(network.callsTo('get', '/api/agents/v1/agents/{agent_id}/inventory')[0]!.params.agent_id).toBe(
      AGENT,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the software' }), 'pavlov');
    expect(await screen.findByText('1 application')).toBeTruthy();
  });

  it('says so when the agent never reported its software', async () => {
    // The server answers a JSON null (the fake's own null body means no body at all).
    network.on(
      'get',
      '/api/agents/v1/agents/{agent_id}/inventory',
      new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await renderInShell(<AgentInventory agentId={AGENT} />);
    expect(await screen.findByText('The agent has not reported its software.')).toBeTruthy();
  });
});

describe('agent diagnostics tab', () => {
  beforeEach(() => {
    network.on('get', '/api/agents/v1/agents/{agent_id}/diagnostics', {
      status: 200,
      body: {
        bundles: [
          bundle('00000000-0000-4000-8000-0000000000b1', 'uploading'),
          bundle('00000000-0000-4000-8000-0000000000b2', 'complete'),
        ],
      },
    });
  });

  it('shows upload progress, offers staff the download and asks before requesting a bundle', async () => {
    const user = userEvent.setup();
    const onQueued = vi.fn();
    network.on('post', '/api/agents/v1/agents/{agent_id}/actions/{action}', (call) => ({
      status: 201 as const,
      body: { action_id: 'a1', agent_id: call.params.agent_id, type: call.params.action } as never,
    }));
    await renderInShell(<AgentDiagnostics agentId={AGENT} canRequest staff onQueued={onQueued} />);
    const progress = await screen.findByRole('progressbar', { name: 'Upload of diag-uploading.zip' });
    expect(progress.getAttribute('value')).toBe('1000');
    expect(screen.getByText(/1 of 4 parts/)).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toContain(
      '/diagnostics/00000000-0000-4000-8000-0000000000b2/download',
    );

    await user.click(screen.getByRole('button', { name: 'Request diagnostics' }));
    expect(network.callsTo('post', '/api/agents/v1/agents/{agent_id}/actions/{action}')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    expect(
      network.callsTo('post', '/api/agents/v1/agents/{agent_id}/actions/{action}')[0]!.params.action,
    ).toBe('upload_diagnostics');
  });

  it('offers no download to a customer user', async () => {
    await renderInShell(
      <AgentDiagnostics agentId={AGENT} canRequest={false} staff={false} onQueued={() => undefined} />,
    );
    const list = await screen.findByRole('list');
    expect(await within(list).findByText('diag-complete.zip')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request diagnostics' })).toBeNull();
  });
});
