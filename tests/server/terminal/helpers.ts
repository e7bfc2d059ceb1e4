import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import WebSocket from 'ws';
import { SimulatedEndpoint } from '../../../tools/agent-simulator/endpoint.ts';
import { SimulatedAgent } from '../../../tools/agent-simulator/fleet.ts';
import type { Backend } from '../../helpers/database.ts';
import { fleetContext } from '../agents/helpers.ts';

type Frame = { type: string; [key: string]: unknown };

/** A WebSocket's JSON frames as they arrive, and a wait for the first one that matches. */
export class FrameReader {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters])
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  next(match: (frame: Frame) => boolean): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** The shown text, once it contains `text`. */
  async output(text: string): Promise<string> {
    const shown = () =>
      this.frames
        .filter((f) => f.type === 'output')
        .map((f) => f.data)
        .join('');
    if (!shown().includes(text)) await this.next(() => shown().includes(text));
    return shown();
  }

  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }
}

/**
 * Opens a WebSocket (from `localAddress`, another loopback address, to be told apart from the
 * server's own); resolves with its reader, or with the HTTP status that refused it.
 */
export function dial(
  url: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<FrameReader | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, localAddress });
    const reader = new FrameReader(socket);
    socket.once('open', () => resolve(reader));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

/** The HTTP answer that refused a WebSocket: its status and its JSON body. */
export function refusal(
  url: string,
): Promise<{ status: number; body: { error: { code: string; message: string } } }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.terminate();
      reject(new Error(`${url} was opened`));
    });
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    socket.once('error', reject);
  });
}

/** Resolves once `check` holds (each try after the event loop has turned). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

/** The fleet's test app, listening, with what a terminal test needs. */
export function terminalContext(backend: Backend, env: NodeJS.ProcessEnv = {}) {
  const c = fleetContext(backend, env);
  let base = '';
  const listening = async () => {
    if (!base) {
      await c.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}`;
    }
    return base;
  };
  const acme = () => c.t.fixtures.acme.customerId;

  const grant = async (email: string, customerId = acme()) => {
    const response = await c.t.as(c.t.fixtures.admin, {
      method: 'POST',
      url: '/api/agents/v1/terminal-certificates',
      payload: { customer_id: customerId, email },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { certificate_id: string };
  };

  const enableTerminal = async (agentId: string) => {
    const response = await c.t.as(c.t.fixtures.analyst, {
      method: 'PUT',
      url: `/api/agents/v1/agents/${agentId}/settings`,
      payload: { terminal_enabled: true },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A simulated agent of the customer, enrolled, its terminal on, its channel dialled (to `host`). */
  const connectedAgent = async (index: number, customerId = acme(), host?: string) => {
    const url = `http://${host ?? (await listening())}`;
    const { token } = await c.createToken(customerId);
    const agent = new SimulatedAgent(new SimulatedEndpoint('TERM', index, 3), url, 60);
    await agent.enrol(token);
    await enableTerminal(agent.client.agentId!);
    await agent.connectTerminal();
    return agent;
  };

  /**
   * An enrolled agent whose sockets the test holds itself (to see every frame its side is sent):
   * its channel is open; `join` answers the next session the server opens on it with its socket.
   */
  const agentByHand = async (index: number) => {
    const host = await listening();
    const { token } = await c.createToken(acme());
    const agent = new SimulatedAgent(new SimulatedEndpoint('HAND', index, 3), `http://${host}`, 60);
    await agent.enrol(token);
    const agentId = agent.client.agentId!;
    await enableTerminal(agentId);
    const auth = { authorization: `Bearer ${agent.client.credential}` };
    const channel = await dial(`ws://${host}/api/agent/v1/terminal`, auth);
    if (typeof channel === 'number') throw new Error(`agent channel refused: ${channel}`);
    const joined = new Set<unknown>();
    const join = async () => {
      const open = await channel.next((f) => f.type === 'open' && !joined.has(f.session_id));
      joined.add(open.session_id);
      const side = await dial(`ws://${host}/api/agent/v1/terminal/sessions/${open.session_id}`, auth);
      if (typeof side === 'number') throw new Error(`agent session socket refused: ${side}`);
      return side;
    };
    return { agentId, hostName: agent.endpoint.hostName, channel, join };
  };

  const start = (agentId: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { method: 'POST', url: '/api/terminal/v1/sessions', payload: { agent_id: agentId } });

  /** Whether the console sees the agent's channel open (whichever API process it reached). */
  const activeConnection = async (agentId: string) => {
    const response = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/module/agents/v1/agents/interactive-shell/capable/${agentId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { active_connection: boolean }).active_connection;
  };

  /** Starts a session and opens its console; resolves once the agent has joined. */
  const openConsole = async (agentId: string, user = c.t.fixtures.analyst) => {
    const started = await start(agentId, user);
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as { session_id: string; socket_path: string; ticket: string };
    const reader = await dial(`ws://${await listening()}${session.socket_path}`);
    if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
    await reader.next((f) => f.type === 'ready');
    return { session, reader };
  };

  return Object.assign(c, {
    listening,
    acme,
    grant,
    enableTerminal,
    connectedAgent,
    agentByHand,
    start,
    activeConnection,
    openConsole,
  });
}

/**
 * The app's intervals (heartbeat, recording flushes, certificate checks) run only when the test
 * says, for this file; real again after it, as the API test workers run file after file in one process.
 * With `wallClock`, Date too stands still until the test moves it (`vi.setSystemTime`).
 */
export function intervalsByHand(options: { wallClock?: boolean } = {}) {
  beforeAll(() => {
    vi.useFakeTimers({
      toFake: options.wallClock ? ['setInterval', 'clearInterval', 'Date'] : ['setInterval', 'clearInterval'],
    });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
