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
 * addresses (each under its limit, so every forged token is checked), each flood twice in both
 * orders, and alone again, to show how far the machine drifted during the run. Last, the console's
 * CPU time per flood call with no client beside it (process.cpuUsage over IPC), which a busy
 * machine disturbs less than latency. The flood runs in BENCH_FLOOD_PROCESSES processes of its
 * own (bench/lib/flood-client.ts), started before the client and stopped after it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg, uptime } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type FloodTotal, startFlood as startFloodProcesses } from './lib/flood-processes.ts';
import { generateLoad, type Load } from './lib/load.ts';
import type { Served } from './lib/request-cost-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 10_000);
const PROCESSES = Number(process.env.BENCH_FLOOD_PROCESSES ?? 2);
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 16);
const DEPTH = Number(process.env.BENCH_FLOOD_DEPTH ?? 16);
const SPREAD = 65_536;
const servers = fileURLToPath(new URL('./lib/request-cost-servers.ts', import.meta.url));

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

/** CPU time the server process has used so far, in microseconds (request-cost-servers.ts answers). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** The flood at this bench's rate and shape against `port`, from `addresses` addresses. */
const startFlood = (port: number, addresses: number) =>
  startFloodProcesses({
    port,
    addresses,
    rate: RATE,
    processes: PROCESSES,
    connections: CONNECTIONS,
    depth: DEPTH,
  });

/** The flood alone for SECONDS against bare Fastify: what the flood processes can reach here. */
async function ceiling(): Promise<FloodTotal & { cpuPerCall: number }> {
  const bare = await startServer('refusing');
  try {
    const flooding = await startFlood(bare.served.port, SPREAD);
    const cpuBefore = await serverCpu(bare.child);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const cpu = (await serverCpu(bare.child)) - cpuBefore;
    const flood = await flooding.stop();
    return { ...flood, cpuPerCall: cpu / (flood.answeredPerSecond * SECONDS) };
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

interface Row {
  phase: string;
  client: Load;
  /** The console's CPU time per client call, µs (client alone). */
  cpuPerCall?: number;
  flood?: FloodTotal;
  load: string;
}
const rows: Row[] = [];
const floodCosts: { phase: string; flood: FloodTotal; cpuPerCall: number }[] = [];
/** Measures the client, and the console's CPU time over the same span. */
async function measured(): Promise<{ client: Load; cpu: number }> {
  const before = await serverCpu(app.child);
  const client = measureClient();
  return { client, cpu: (await serverCpu(app.child)) - before };
}
try {
  generateLoad({ url, headers: client, seconds: 1, connections: 4 });
  const alone = await measured();
  rows.push({
    phase: 'alone (baseline)',
    ...alone,
    cpuPerCall: alone.cpu / alone.client.requests,
    load: load(),
  });
  const one = ['flood from one address', 1] as const;
  const spread = [
    `flood from ${SPREAD.toLocaleString('en-GB').replace(',', ' ')} addresses`,
    SPREAD,
  ] as const;
  // Each flood twice, in both orders, so that neither gains from coming first or last.
  for (const [phase, addresses] of [one, spread, spread, one]) {
    const flooding = await startFlood(app.served.port, addresses);
    const { client } = await measured();
    rows.push({ phase, client, flood: await flooding.stop(), load: load() });
  }
  const again = await measured();
  rows.push({ phase: 'alone again', ...again, cpuPerCall: again.cpu / again.client.requests, load: load() });
  // The console's CPU time per flood call, with no client beside it.
  for (const [phase, addresses] of [one, spread]) {
    const flooding = await startFlood(app.served.port, addresses);
    const before = await serverCpu(app.child);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const cpu = (await serverCpu(app.child)) - before;
    const flood = await flooding.stop();
    floodCosts.push({ phase, flood, cpuPerCall: cpu / (flood.answeredPerSecond * SECONDS) });
  }
} finally {
  app.child.kill();
}

const describeFlood = (flood: FloodTotal) =>
  `flood ${Math.round(flood.answeredPerSecond)}/s answered ${JSON.stringify(flood.statuses)}${flood.skipped ? `, ${flood.skipped} not sent (sockets full)` : ''}`;
const baseline = rows[0]!.client;
console.log(
  `\nThe flood's ceiling against bare Fastify answering 401: ${describeFlood(bareFlood)}, ${Math.round(bareFlood.cpuPerCall)} µs of server CPU a call`,
);
console.log(
  `(target ${RATE}/s from ${PROCESSES} processes over ${CONNECTIONS} connections, at most ${DEPTH} pipelined each; load average at start ${loadAtStart}, up ${Math.round(uptime() / 60)} min)\n`,
);
console.log(
  `A signed-in client (GET /api/user/, 4 connections, ${SECONDS} s) while forged tokens flood the console (PGlite)\n`,
);
for (const row of rows) {
  const c = row.client;
  console.log(
    `  ${row.phase.padEnd(28)} ${Math.round(c.requestsPerSecond).toString().padStart(6)} req/s  p50 ${c.p50.toFixed(2)} ms  p99 ${c.p99.toFixed(2)} ms  (p99 ${(c.p99 / baseline.p99).toFixed(2)}x)${row.cpuPerCall ? `  ${Math.round(row.cpuPerCall)} µs CPU a call` : ''}  load ${row.load}${row.flood ? `\n  ${''.padEnd(28)} ${describeFlood(row.flood)}` : ''}`,
  );
}
console.log('\nThe console flooded with no client beside it:');
for (const cost of floodCosts)
  console.log(
    `  ${cost.phase.padEnd(28)} ${Math.round(cost.cpuPerCall)} µs of console CPU a call; ${describeFlood(cost.flood)}`,
  );
writeFileSync(
  new URL('./results/flood.json', import.meta.url),
  `${JSON.stringify({ seconds: SECONDS, rate: RATE, processes: PROCESSES, loadAtStart, bareFlood, rows, floodCosts }, null, 2)}\n`,
);
