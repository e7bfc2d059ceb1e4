/**
 * Keystroke-to-echo round trip of a live terminal: a key typed in the console reaches the agent
 * through the server's relay and its echo comes back (console -> relay -> agent -> relay ->
 * console), against a direct WebSocket echo server in the same run (one hop each way). Prints
 * p50/p95 of both and the ratio. Target (issue 27): within 2x of the direct echo, p95 < 50 ms.
 *
 *   npx tsx bench/terminal.ts [--keys N]
 *
 * The whole console runs in this process on a PGlite database in memory with a small demo
 * (the seed generator's), the agent is the simulator's (restricted shell, which echoes each
 * key), both over real sockets on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { customers, users } from '../src/server/db/schema/index.ts';
import { seedDemoData } from '../src/server/seed/generate.ts';
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

// The console: a small demo in memory, served on a free port; its Owner calls the API.
const database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
await seedDemoData(database.db, {
  customers: 5,
  alerts: 1,
  agents: 5,
  seed: 1,
  password: randomBytes(12).toString('hex'),
});
const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
const app = await buildApp(config, database, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const ownerEmail = 'admin@watchfloor.example';
const [owner] = await database.db.select().from(users).where(eq(users.email, ownerEmail));
if (!owner) throw new Error(`the demo has no ${ownerEmail}`);
const [customer] = await database.db.select({ id: customers.customerId }).from(customers).limit(1);
const customerId = customer!.id;
const authorization = `Bearer ${(await app.sessionTokens.issue(owner.contactId)).access_token}`;
// As a browser calls: the XSRF cookie and the header that repeats it.
const xsrf = randomBytes(16).toString('hex');
const call = async (method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { authorization, 'x-xsrf-token': xsrf },
    cookies: { 'XSRF-TOKEN': xsrf },
  });
  if (response.statusCode !== status) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
await call(
  'POST',
  '/api/agents/v1/terminal-certificates',
  { customer_id: customerId, email: ownerEmail },
  201,
);
const { token } = await call(
  'POST',
  '/api/agents/v1/enrolment-tokens',
  { customer_id: customerId, name: 'bench' },
  201,
);
const agent = new SimulatedAgent(new SimulatedEndpoint('BENCH', 3, 1), `http://${host}`, 60);
await agent.enrol(token);
await call('PUT', `/api/agents/v1/agents/${agent.client.agentId}/settings`, { terminal_enabled: true }, 200);
await agent.connectTerminal();
const session = await call('POST', '/api/terminal/v1/sessions', { agent_id: agent.client.agentId }, 201);
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
  `${name.padEnd(26)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   max ${Math.max(...times).toFixed(2)} ms   sum ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`;
console.log(`${keys} keystrokes, one at a time`);
console.log(row('through the relay', viaRelay));
console.log(row('direct WebSocket echo', viaDirect));
const ratio50 = percentile(viaRelay, 50) / percentile(viaDirect, 50);
const ratio95 = percentile(viaRelay, 95) / percentile(viaDirect, 95);
console.log(`ratio p50 ${ratio50.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x (target within 2x, p95 < 50 ms)`);
agent.terminal?.drop();
await app.close();
await database.close();
