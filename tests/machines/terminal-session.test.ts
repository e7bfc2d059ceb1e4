// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { terminalSessionMachine } from '../../machines/terminal-session/terminal-session.machine.ts';
import { useTerminalSession } from '../../src/web/features/terminal/use-terminal-session.ts';
import type { XtermHandle } from '../../src/web/features/terminal/XtermView.tsx';
import { freshNetwork } from '../helpers/fake-network.ts';
import { installFakeSocket, openSockets } from '../helpers/fake-websocket.ts';
import { hookStarter, itFollowsEveryPath, statesReached } from '../helpers/hook-model.tsx';
import { machineModel, type NetworkOutcomes } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const AGENT_ID = '00000000-0000-4000-8000-0000000a9e01';
const SESSION_ID = '00000000-0000-4000-8000-000000005e55';
const SOCKET_PATH = `/api/terminal/v1/sessions/${SESSION_ID}/console?ticket=t1`;
const START = '/api/terminal/v1/sessions' as const;
const started = {
  session_id: SESSION_ID,
  agent_id: AGENT_ID,
  host_name: 'ACME-WS-001',
  ticket: 't1',
  ticket_expires_at: '2026-01-01T10:00:30.000Z',
  socket_path: SOCKET_PATH,
  idle_seconds: 900,
  certificate_expires_at: '2026-02-01T10:00:00.000Z',
};

beforeEach(installFakeSocket);
afterEach(() => vi.unstubAllGlobals());

/** A drawn terminal: what the hook writes into it and asks of it. */
function fakeTerminal() {
  const written: string[] = [];
  const handle: XtermHandle & { written: string[]; frozen: boolean } = {
    written,
    frozen: false,
    write: (data) => void written.push(data),
    reset: () => void written.splice(0),
    focus: () => undefined,
    size: () => ({ cols: 80, rows: 24 }),
    freeze: () => {
      handle.frozen = true;
    },
  };
  return handle;
}

const EVENTS: AnyEventObject[] = [
  { type: 'start', cols: 80, rows: 24 },
  { type: 'leave' },
  { type: 'end' },
  { type: 'input', data: 'ls\r' },
  { type: 'xstate.done.actor.startSession', output: started },
  {
    type: 'xstate.error.actor.startSession',
    error: { code: 'agent_not_connected', message: 'The agent is not connected.' },
  },
  { type: 'socket.ready' },
  { type: 'socket.ended', reason: 'agent_dropped' },
];

/** The server's answers, and the socket's frames, that make the hook's real call and socket end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.startSession': (event, network) =>
    network.respond('post', START, { status: 201, body: event.output }),
  'xstate.error.actor.startSession': (event, network) =>
    network.respond(
      'post',
      START,
      new Response(JSON.stringify({ error: event.error }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    ),
};

/** The terminal screen's hook, its terminal drawn but out of sight: the model's `start` starts it. */
const start = hookStarter(() => {
  const session = useTerminalSession(AGENT_ID, false);
  return session;
}, OUTCOMES);

async function drawn() {
  const hook = await start();
  const terminal = fakeTerminal();
  const session = hook.result.current as ReturnType<typeof useTerminalSession>;
  await hook.act(() => session.onReady(terminal));
  // Socket events arrive on the real socket, as the server would say them.
  const play = async (event: AnyEventObject) => {
    if (event.type === 'socket.ready' || event.type === 'socket.ended') {
      const socket = openSockets().at(-1)!;
      await hook.act(() => {
        if (socket.readyState === 0) socket.open();
        socket.say(
          event.type === 'socket.ready' ? { type: 'ready' } : { type: 'ended', reason: event.reason },
        );
      });
      return;
    }
    await hook.play(event);
  };
  return { ...hook, play, terminal };
}

describe('terminal session: paths generated from the model, on the screen’s hook, its real call and socket', () => {
  const paths = machineModel(terminalSessionMachine, {
    events: EVENTS,
    input: { agentId: AGENT_ID },
  }).getShortestPaths();

  it('reaches every state', () => {
    const values = [...statesReached(paths)].map((v) => JSON.stringify(v));
    for (const v of ['Idle', 'Starting', { Open: 'Connecting' }, { Open: 'Live' }, 'Refused', 'Ended'])
      expect(values).toContain(JSON.stringify(v));
  });

  itFollowsEveryPath(paths, drawn, {
    check(real, network) {
      // The call runs exactly while the machine starts; the socket is open exactly while it is Open.
      expect(network.isWaiting('post', START)).toBe(real.matches('Starting'));
      expect(openSockets()).toHaveLength(real.matches('Open') ? 1 : 0);
      if (real.matches('Open'))
        expect(openSockets()[0]!.url).toBe(`ws://${window.location.host}${SOCKET_PATH}`);
    },
  });
});

describe('terminal session: scenarios', () => {
  it('types into the live socket, writes the output into the terminal, and freezes it when the session ends', async () => {
    const { play, actor, terminal, network } = await drawn();
    await play({ type: 'start', cols: 80, rows: 24 });
    expect(network.callsTo('post', START)[0]?.body).toEqual({ agent_id: AGENT_ID, cols: 80, rows: 24 });
    await play({ type: 'xstate.done.actor.startSession', output: started });
    await play({ type: 'socket.ready' });
    expect(actor.getSnapshot().matches({ Open: 'Live' })).toBe(true);
    const socket = openSockets()[0]!;
    await play({ type: 'input', data: 'hostname\r' });
    expect(socket.frames()).toContainEqual({ type: 'input', data: 'hostname\r' });
    socket.say({ type: 'output', data: 'ACME-WS-001\r\n' });
    expect(terminal.written.join('')).toContain('ACME-WS-001');
    await play({ type: 'end' });
    expect(socket.frames()).toContainEqual({ type: 'end' });
    await play({ type: 'socket.ended', reason: 'console' });
    expect(actor.getSnapshot().value).toBe('Ended');
    expect(actor.getSnapshot().context.reason).toBe('console');
    expect(terminal.frozen).toBe(true);
  });

  it('refuses at once, without asking the server, a person who may not start terminals', async () => {
    const network = freshNetwork();
    signIn(network, { permissions: [] });
    const hook = await renderAppHook(() => useTerminalSession(AGENT_ID, false));
    await hook.act(() => hook.result.current.onReady(fakeTerminal()));
    await hook.act(() => hook.result.current.start());
    expect(hook.result.current.snapshot.value).toBe('Refused');
    expect(hook.result.current.snapshot.context.refusal?.code).toBe('forbidden');
    expect(network.callsTo('post', START)).toHaveLength(0);
    hook.unmount();
  });
});
