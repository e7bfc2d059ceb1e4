// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { RecordingsPage } from '../../src/web/features/terminal/RecordingsPage.tsx';
import { TerminalPage } from '../../src/web/features/terminal/TerminalPage.tsx';
import type { XtermHandle } from '../../src/web/features/terminal/XtermView.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { FakeSocket, installFakeSocket } from '../helpers/fake-websocket.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

// xterm.js draws on a canvas the test DOM lacks: the screen gets a terminal that keeps what it is given.
const written: string[] = [];
vi.mock('../../src/web/features/terminal/XtermView.tsx', () => ({
  XtermView({ onReady, label }: { onReady(handle: XtermHandle): void; label: string }) {
    useEffect(() => {
      onReady({
        write: (data) => void written.push(data),
        reset: () => void written.splice(0),
        focus: () => undefined,
        size: () => ({ cols: 100, rows: 30 }),
        freeze: () => undefined,
      });
    }, [onReady]);
    return <textarea aria-label={label} />;
  },
}));

const AGENT_ID = '00000000-0000-4000-8000-0000000a9e01';
const SESSION_ID = '00000000-0000-4000-8000-000000005e55';
const START = '/api/terminal/v1/sessions' as const;
const STARTED = {
  session_id: SESSION_ID,
  agent_id: AGENT_ID,
  host_name: 'ACME-WS-001',
  ticket: 't1',
  ticket_expires_at: '2026-01-01T10:00:30.000Z',
  socket_path: `/api/terminal/v1/sessions/${SESSION_ID}/console?ticket=t1`,
  idle_seconds: 900,
  certificate_expires_at: '2026-02-01T10:00:00.000Z',
};

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  installFakeSocket();
  written.splice(0);
});
afterEach(() => vi.unstubAllGlobals());

const status = () => document.querySelector('.terminal-page__status')!;
const renderTerminal = () =>
  renderInShell(<TerminalPage params={{ id: AGENT_ID }} route="agentTerminal" />, {
    path: `/agents/${AGENT_ID}/terminal`,
  });
const refuse = (status: number, code: string, message: string) => () =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('the terminal screen', () => {
  it('starts at the terminal’s size, waits for the agent, goes live, shows the output and says how it ended', async () => {
    signIn(network);
    network.on('post', START, () => ({ status: 201 as const, body: STARTED }));
    const user = userEvent.setup();
    await renderTerminal();
    await waitFor(() => expect(status().textContent).toBe('Waiting for ACME-WS-001 to join…'));
    expect(network.callsTo('post', START)[0]?.body).toEqual({ agent_id: AGENT_ID, cols: 100, rows: 30 });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}${STARTED.socket_path}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terminal on ACME-WS-001');
    socket.say({ type: 'ready' });
    await waitFor(() =>
      expect(status().textContent).toBe('Connected to ACME-WS-001. Everything typed and shown is recorded.'),
    );
    socket.say({ type: 'output', data: 'ACME-WS-001 $ ' });
    expect(written.join('')).toContain('ACME-WS-001 $ ');
    await user.click(screen.getByRole('button', { name: 'End session' }));
    expect(socket.frames()).toContainEqual({ type: 'end' });
    socket.say({ type: 'ended', reason: 'console' });
    await waitFor(() => expect(status().textContent).toBe('You ended the session.'));
    expect(status().getAttribute('role')).toBe('alert');
    // Another one from the same screen.
    await user.click(screen.getByRole('button', { name: 'Start a new session' }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    FakeSocket.all[1]!.say({ type: 'ready' });
    FakeSocket.all[1]!.say({ type: 'ended', reason: 'agent_dropped' });
    await waitFor(() =>
      expect(status().textContent).toBe('The agent dropped its connection, so the session has ended.'),
    );
  });

  it.each([
    [
      409,
      'terminal_certificate_required',
      'You hold no terminal certificate for this customer. An Owner grants one by e-mail.',
    ],
    [409, 'terminal_unsupported_version', 'This agent’s version has no terminal. Upgrade the agent first.'],
    [409, 'terminal_disabled', 'The terminal is turned off in this agent’s settings.'],
    [409, 'agent_not_connected', 'The agent is not connected, so no terminal can reach it.'],
    [500, 'internal', 'The session could not start: Something broke'],
  ])('says why the server refused (%s %s), and keeps the sign-in', async (code, error, shown) => {
    signIn(network);
    network.on('post', START, refuse(code, error, 'Something broke'));
    await renderTerminal();
    await waitFor(() => expect(status().textContent).toBe(shown));
    expect(status().getAttribute('data-phase')).toBe('refused');
    expect(screen.getByRole('button', { name: 'Start a new session' })).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('refuses someone without the permission in the spec’s words, without asking the server', async () => {
    signIn(network, { permissions: [] });
    await renderTerminal();
    await waitFor(() => expect(status().textContent).toBe('You do not have permission to start a terminal'));
    expect(network.callsTo('post', START)).toHaveLength(0);
  });
});

type Recording = components['schemas']['TerminalSession'];
const RECORDING: Recording = {
  session_id: SESSION_ID,
  customer_id: '00000000-0000-4000-8000-00000000ac01',
  customer_name: 'Acme Corp',
  agent_id: AGENT_ID,
  host_name: 'ACME-WS-001',
  contact_id: '00000000-0000-4000-8000-00000000c001',
  email: 'analyst@watchfloor.example',
  started_at: '2026-01-01T10:00:00.000Z',
  ended_at: '2026-01-01T10:02:05.000Z',
  end_reason: 'idle',
  cols: 80,
  rows: 24,
  recording_bytes: 1200,
  client_address: '203.0.113.7',
};

describe('the terminal recordings list', () => {
  it('lists who, from where, which agent and customer, how long and how each ended, each linked to its replay', async () => {
    signIn(network, { admin: true });
    network.on('get', '/api/terminal/v1/recordings', () => ({
      status: 200 as const,
      body: {
        sessions: [
          RECORDING,
          {
            ...RECORDING,
            session_id: '00000000-0000-4000-8000-000000005e56',
            ended_at: null,
            end_reason: null,
            client_address: null,
          },
          {
            ...RECORDING,
            session_id: '00000000-0000-4000-8000-000000005e57',
            end_reason: 'server_stopped' as const,
          },
        ],
      },
    }));
    await renderInShell(<RecordingsPage />, { path: '/terminal/recordings' });
    await screen.findByText('Idle time-out');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('analyst@watchfloor.example')).toBeTruthy();
    expect(first.getByText('203.0.113.7')).toBeTruthy();
    expect(first.getByText('ACME-WS-001')).toBeTruthy();
    expect(first.getByText('Acme Corp')).toBeTruthy();
    expect(first.getByText('2:05')).toBeTruthy();
    expect(first.getByText('Idle time-out')).toBeTruthy();
    expect(first.getByRole('link').getAttribute('href')).toBe(`/terminal/recordings/${SESSION_ID}`);
    expect(within(rows[1]!).getByText('Still live')).toBeTruthy();
    // Sessions from before the address was kept say so rather than show an empty cell.
    expect(within(rows[1]!).getByText('Not kept')).toBeTruthy();
    expect(within(rows[2]!).getByText('Server stopped unexpectedly')).toBeTruthy();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    signIn(network, { admin: true });
    network.on('get', '/api/terminal/v1/recordings', () => ({
      status: 200 as const,
      body: { sessions: [] },
    }));
    const view = await renderInShell(<RecordingsPage />, { path: '/terminal/recordings' });
    expect(await screen.findByText('No terminal sessions yet.')).toBeTruthy();
    view.unmount();
    network.on('get', '/api/terminal/v1/recordings', refuse(500, 'internal', 'down'));
    await renderInShell(<RecordingsPage />, { path: '/terminal/recordings' });
    expect(await screen.findByText('The recordings could not be loaded.')).toBeTruthy();
  });
});
