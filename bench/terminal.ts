/**
 * Keystroke-to-echo round trip of a live terminal: a key typed in the console reaches the agent
 * through the server's relay and its echo comes back (console -> relay -> agent -> relay ->
 * console), against a direct WebSocket echo server in the same run (one hop each way). Prints
 * p50/p95 of both and the ratio. Target (issue 27): within 2x of the direct echo, p95 < 50 ms.
 *
 *   npx tsx bench/terminal.ts [--keys N]
 *
 * The whole console runs in this process on an embedded database with the test fixtures, the
 * agent is the simulator's (restricted shell, which echoes each key), both over real sockets.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';
import { createTestApp } from '../tests/helpers/app.ts';
import { SimulatedEndpoint } from '../tools/agent-simulator/endpoint.ts';
import { SimulatedAgent } from '../tools/agent-simulator/fleet.ts';
import { percentile } from './lib/stats.ts';

const { values } = parseArgs({ options: { keys: { type: 'string', default: '500' } } });
const keys = Number(values.keys);

/** Sends one key at a time and waits for a frame carrying it back; milliseconds per key. */
async function roundTrips(socket: WebSocket, count: number): Promise<number[]> {
  const times: number[] = [];
  let waiting: ((data: string) => void) | null = null;
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { type: string; data?: string };
    if (frame.type === 'output' && waiting) waiting(frame.data ?? '');
  });
  for (let i = 0; i < count + 20; i++) {
    const key = String.fromCharCode(97 + (i % 26));
    const started = performance.now();
    await new Promise<void>((resolve) => {
      waiting = (data) => {
        if (data.includes(key)) resolve();
      };
      socket.send(JSON.stringify({ type: 'input', data: key }));
    });
    // The first 20 warm up the path.
    if (i >= 20) times.push(performance.now() - started);
    // A long line is cleared now and then (Ctrl-C), as a person would.
    if (i % 60 === 59) {
      await new Promise<void>((resolve) => {
        waiting = (data) => data.includes('^C') && resolve();
        socket.send(JSON.stringify({ type: 'input', data: '\x03' }));
      });
    }
  }
  return times;
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

// Through the relay.
const t = await createTestApp('pglite');
await t.app.listen({ port: 0, host: '127.0.0.1' });
const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const customerId = t.fixtures.acme.customerId;
const call = async (options: Parameters<typeof t.as>[1], status: number) => {
  const response = await t.as(t.fixtures.admin, options);
  if (response.statusCode !== status)
    throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
await call(
  {
    method: 'POST',
    url: '/api/agents/v1/terminal-certificates',
    payload: { customer_id: customerId, email: 'admin@test.example' },
  },
  201,
);
const { token } = await call(
  {
    method: 'POST',
    url: '/api/agents/v1/enrolment-tokens',
    payload: { customer_id: customerId, name: 'bench' },
  },
  201,
);
const agent = new SimulatedAgent(new SimulatedEndpoint('BENCH', 3, 1), `http://${host}`, 60);
await agent.enrol(token);
await call(
  {
    method: 'PUT',
    url: `/api/agents/v1/agents/${agent.client.agentId}/settings`,
    payload: { terminal_enabled: true },
  },
  200,
);
await agent.connectTerminal();
const session = await call(
  { method: 'POST', url: '/api/terminal/v1/sessions', payload: { agent_id: agent.client.agentId } },
  201,
);
const relayed = await open(`ws://${host}${session.socket_path}`);
// Wait for the shell's prompt before typing.
await new Promise<void>((resolve) => relayed.on('message', (raw) => String(raw).includes('$ ') && resolve()));
const viaRelay = await roundTrips(relayed, keys);
relayed.close();

// A direct echo server: the same frames, one hop each way.
const echo = new WebSocketServer({ port: 0, host: '127.0.0.1' });
echo.on('connection', (socket) =>
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { data: string };
    socket.send(JSON.stringify({ type: 'output', data: frame.data === '\x03' ? '^C\r\n' : frame.data }));
  }),
);
await new Promise((resolve) => echo.once('listening', resolve));
const direct = await open(`ws://127.0.0.1:${(echo.address() as AddressInfo).port}`);
const viaDirect = await roundTrips(direct, keys);
direct.close();
echo.close();

const row = (name: string, times: number[]) =>
  `${name.padEnd(26)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms`;
console.log(`${keys} keystrokes, one at a time`);
console.log(row('through the relay', viaRelay));
console.log(row('direct WebSocket echo', viaDirect));
const ratio50 = percentile(viaRelay, 50) / percentile(viaDirect, 50);
const ratio95 = percentile(viaRelay, 95) / percentile(viaDirect, 95);
console.log(`ratio p50 ${ratio50.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x (target within 2x, p95 < 50 ms)`);
agent.terminal?.drop();
await t.close();
