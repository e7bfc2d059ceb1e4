/**
 * A signed-in client's latency while forged bearer tokens flood the API (issue 28: "10 000 forged
 * bearer tokens a second against the API while a signed-in client works: its p99 stays within 2x").
 *
 *   npx tsx bench/flood.ts
 *   BENCH_SECONDS=10 BENCH_FLOOD_RATE=10000 npx tsx bench/flood.ts
 *
 * First the flood's own ceiling: the flood at the target rate against bare Fastify answering 401,
 * in the same run. Then the console alone in its own process (PGlite, one analyst;
 * bench/lib/request-cost-servers.ts), trusting X-Forwarded-For from 127.0.0.1 so the flood can
 * come from many addresses. The client (4 keep-alive connections of GET /api/user/, from its own
 * address) is measured alone (the baseline), under a flood from one address (refused with 429
 * once the address has sent too many: auth/bearer-failures.ts), under a flood spread over 65 536
 * addresses (each under its limit, so every forged token is checked), and alone again, to show how
 * far the machine drifted during the run. The flood runs in BENCH_FLOOD_PROCESSES processes of its
 * own (bench/lib/flood-client.ts), started before the client and stopped after it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { loadavg, uptime } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FloodOptions, FloodResult } from './lib/flood-client.ts';
import { generateLoad, type Load } from './lib/load.ts';
import type { Served } from './lib/request-cost-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 10_000);
const PROCESSES = Number(process.env.BENCH_FLOOD_PROCESSES ?? 2);
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 16);
const DEPTH = Number(process.env.BENCH_FLOOD_DEPTH ?? 64);
const SPREAD = 65_536;
const servers = fileURLToPath(new URL('./lib/request-cost-servers.ts', import.meta.url));
const floodClient = fileURLToPath(new URL('./lib/flood-client.ts', import.meta.url));

function startServer(which: 'app' | 'refusing'): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', servers, which], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (served) => resolve({ child, served: served as Served }));
    child.once('exit', (code) => reject(new Error(`${which} server exited with ${code}`)));
  });
}

/** The flood's processes, each connected and sending; `stop` ends them and sums what they did. */
async function startFlood(port: number, addresses: number): Promise<{ stop(): Promise<FloodTotal> }> {
  const children = await Promise.all(
    Array.from({ length: PROCESSES }, async (_, i) => {
      const options: FloodOptions = {
        host: '127.0.0.1',
        port,
        path: '/api/user/',
        rate: RATE / PROCESSES,
        connections: Math.max(1, Math.round(CONNECTIONS / PROCESSES)),
        addresses: addresses === 1 ? 1 : addresses / PROCESSES,
        firstAddress: addresses === 1 ? 0 : (i * addresses) / PROCESSES,
        depth: DEPTH,
      };
      const child = spawn(process.execPath, ['--import', 'tsx', floodClient, JSON.stringify(options)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const ready = await lines.next();
      if (ready.value !== 'ready') throw new Error(`flood process did not start: ${ready.value}`);
      return { child, lines };
    }),
  );
  return {
    async stop() {
      const results = await Promise.all(
        children.map(async ({ child, lines }) => {
          child.stdin!.end();
          const line = await lines.next();
          await once(child, 'close');
          return JSON.parse(line.value as string) as FloodResult;
        }),
      );
      return total(results);
    },
  };
}

interface FloodTotal {
  sent: number;
  answeredPerSecond: number;
  skipped: number;
  statuses: Record<string, number>;
}

function total(results: FloodResult[]): FloodTotal {
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    sent: results.reduce((sum, r) => sum + r.sent, 0),
    answeredPerSecond: results.reduce((sum, r) => sum + r.answered / r.seconds, 0),
    skipped: results.reduce((sum, r) => sum + r.skipped, 0),
    statuses,
  };
}

/** The flood alone for SECONDS against bare Fastify: what the flood processes can reach here. */
async function ceiling(): Promise<FloodTotal> {
  const bare = await startServer('refusing');
  try {
    const flooding = await startFlood(bare.served.port, SPREAD);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    return await flooding.stop();
  } finally {
    bare.child.kill();
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const loadAtStart = load();
const bareFlood = await ceiling();

const app = await startServer('app');
const url = `http://127.0.0.1:${app.served.port}/api/user/`;
const client = { authorization: `Bearer ${app.served.token}`, 'x-forwarded-for': '192.0.2.1' };
const measureClient = (): Load => generateLoad({ url, headers: client, seconds: SECONDS, connections: 4 });

const rows: { phase: string; client: Load; flood?: FloodTotal; load: string }[] = [];
try {
  generateLoad({ url, headers: client, seconds: 1, connections: 4 });
  rows.push({ phase: 'alone (baseline)', client: measureClient(), load: load() });
  for (const [phase, addresses] of [
    ['flood from one address', 1],
    [`flood from ${SPREAD.toLocaleString('en-GB').replace(',', ' ')} addresses`, SPREAD],
  ] as const) {
    const flooding = await startFlood(app.served.port, addresses);
    const measured = measureClient();
    rows.push({ phase, client: measured, flood: await flooding.stop(), load: load() });
  }
  rows.push({ phase: 'alone again', client: measureClient(), load: load() });
} finally {
  app.child.kill();
}

const describeFlood = (flood: FloodTotal) =>
  `flood ${Math.round(flood.answeredPerSecond)}/s answered ${JSON.stringify(flood.statuses)}${flood.skipped ? `, ${flood.skipped} not sent (sockets full)` : ''}`;
const baseline = rows[0]!.client;
console.log(`\nThe flood's ceiling against bare Fastify answering 401: ${describeFlood(bareFlood)}`);
console.log(
  `(target ${RATE}/s from ${PROCESSES} processes over ${CONNECTIONS} connections, at most ${DEPTH} pipelined each; load average at start ${loadAtStart}, up ${Math.round(uptime() / 60)} min)\n`,
);
console.log(
  `A signed-in client (GET /api/user/, 4 connections, ${SECONDS} s) while forged tokens flood the console (PGlite)\n`,
);
for (const row of rows) {
  const c = row.client;
  console.log(
    `  ${row.phase.padEnd(28)} ${Math.round(c.requestsPerSecond).toString().padStart(6)} req/s  p50 ${c.p50.toFixed(2)} ms  p99 ${c.p99.toFixed(2)} ms  (p99 ${(c.p99 / baseline.p99).toFixed(2)}x)  load ${row.load}${row.flood ? `\n  ${''.padEnd(28)} ${describeFlood(row.flood)}` : ''}`,
  );
}
writeFileSync(
  new URL('./results/flood.json', import.meta.url),
  `${JSON.stringify({ seconds: SECONDS, rate: RATE, processes: PROCESSES, loadAtStart, bareFlood, rows }, null, 2)}\n`,
);
