/**
 * Keystroke-to-echo round trip of a live terminal: a key typed in the console reaches the agent
 * through the server's relay and its echo comes back (console -> relay -> agent -> relay ->
 * console), against two baselines in the same run, a key of each in turn so that all three meet
 * the same load at the same moment:
 * - a direct WebSocket echo server (one hop each way: the baseline, target within 2x);
 * - the wire's own floor for the relay's shape: a bare WebSocket server that passes frames on,
 *   untouched, to that echo server (two hops each way, as the relay, with no checks, no parsing,
 *   no recording). The relay's own cost is its time over this one.
 * Prints p50/p95 of each and the ratios. Target (issue 27): within 2x of the direct echo, p95 < 50 ms.
 *
 *   npx tsx bench/terminal.ts [--keys N]
 *
 * The whole console runs in this process on a PGlite database in memory with a small demo
 * (the seed generator's), the agent is the simulator's (restricted shell, which echoes each
 * key), all over real sockets on 127.0.0.1.
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
const WARM_UP = 20;

/** One console's socket: types a key and waits for a frame carrying it back. */
class Typist {
  readonly times: number[] = [];
  private waiting: ((data: string) => void) | null = null;

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; data?: string };
      if (frame.type === 'output' && this.waiting) this.waiting(frame.data ?? '');
    });
  }

  private roundTrip(data: string, back: string): Promise<number> {
    const started = performance.now();
    return new Promise((resolve) => {
      this.waiting = (shown) => {
        if (shown.includes(back)) resolve(performance.now() - started);
      };
      this.socket.send(JSON.stringify({ type: 'input', data }));
    });
  }

  /** Key number `i`: timed after the warm-up; a long line is cleared now and then (Ctrl-C), as a person would. */
  async key(i: number): Promise<void> {
    const key = String.fromCharCode(97 + (i % 26));
    const ms = await this.roundTrip(key, key);
    if (i >= WARM_UP) this.times.push(ms);
    if (i % 60 === 59) await this.roundTrip('\x03', '^C');
  }
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
// Wait for the shell's prompt before typing; the listener goes once it has (the other paths'
// sockets carry only their Typist's).
await new Promise<void>((resolve) => {
  const prompted = (raw: WebSocket.RawData) => {
    if (!String(raw).includes('$ ')) return;
    relayed.off('message', prompted);
    resolve();
  };
  relayed.on('message', prompted);
});

// A direct echo server: the same frames, one hop each way.
const echo = new WebSocketServer({ port: 0, host: '127.0.0.1' });
echo.on('connection', (socket) =>
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { data: string };
    socket.send(JSON.stringify({ type: 'output', data: frame.data === '\x03' ? '^C\r\n' : frame.data }));
  }),
);
await new Promise((resolve) => echo.once('listening', resolve));
const echoUrl = `ws://127.0.0.1:${(echo.address() as AddressInfo).port}`;
// The wire's floor: frames passed on to the echo server as received, both ways.
const passer = new WebSocketServer({ port: 0, host: '127.0.0.1' });
passer.on('connection', async (socket) => {
  socket.pause();
  const upstream = await open(echoUrl);
  socket.on('message', (data, isBinary) => upstream.send(data, { binary: isBinary }));
  upstream.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
  socket.on('close', () => upstream.close());
  socket.resume();
});
await new Promise((resolve) => passer.once('listening', resolve));
const direct = await open(echoUrl);
const passed = await open(`ws://127.0.0.1:${(passer.address() as AddressInfo).port}`);

const paths = [new Typist(relayed), new Typist(passed), new Typist(direct)];
const [viaRelay, viaPasser, viaDirect] = paths;
for (let i = 0; i < keys + WARM_UP; i++)
  // Each key goes through all three, in an order that turns so none is always first.
  for (let p = 0; p < paths.length; p++) await paths[(i + p) % paths.length]!.key(i);
relayed.close();
direct.close();
passed.close();
// Sockets left open would keep the bench from exiting.
for (const server of [echo, passer]) {
  for (const socket of server.clients) socket.terminate();
  server.close();
}

const row = (name: string, times: number[]) =>
  `${name.padEnd(31)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   max ${Math.max(...times).toFixed(2)} ms   sum ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`;
const ratio = (a: number[], b: number[]) =>
  `p50 ${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}x, p95 ${(percentile(a, 95) / percentile(b, 95)).toFixed(2)}x`;
console.log(`${keys} keystrokes on each path, one at a time, the paths in turn`);
console.log(row('through the relay', viaRelay!.times));
console.log(row('bare pass-on (2 hops each way)', viaPasser!.times));
console.log(row('direct WebSocket echo', viaDirect!.times));
console.log(
  `relay / direct echo:  ${ratio(viaRelay!.times, viaDirect!.times)} (target within 2x, p95 < 50 ms)`,
);
console.log(
  `bare pass-on / direct: ${ratio(viaPasser!.times, viaDirect!.times)} (the wire's floor for two hops each way)`,
);
console.log(`relay / bare pass-on: ${ratio(viaRelay!.times, viaPasser!.times)} (the relay's own cost)`);
agent.terminal?.drop();
await app.close();
await database.close();
