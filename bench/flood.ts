/**
 * A signed-in client's latency while forged bearer tokens flood the API (issue 28: "10 000 forged
 * bearer tokens a second against the API while a signed-in client works: its p99 stays within 2x").
 *
 *   npx tsx bench/flood.ts
 *   BENCH_SECONDS=10 BENCH_FLOOD_RATE=10000 npx tsx bench/flood.ts
 *
 * The console runs alone in its own process (PGlite, one analyst; bench/lib/request-cost-servers.ts),
 * trusting X-Forwarded-For from 127.0.0.1 so the flood can come from many addresses. The client
 * (4 keep-alive connections of GET /api/user/, from its own address) is measured three times in
 * one run: alone (the baseline), under a flood from one address (which the console refuses with
 * 429 once the address has sent too many: auth/bearer-failures.ts), and under a flood spread over
 * 65 536 addresses (each under its limit, so every forged token is checked). Each flood runs in
 * a process of its own beside the client's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateLoad, type Load } from './lib/load.ts';
import type { Served } from './lib/request-cost-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 10_000);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 64);
const servers = fileURLToPath(new URL('./lib/request-cost-servers.ts', import.meta.url));
const floodClient = fileURLToPath(new URL('./lib/flood-client.ts', import.meta.url));

function startConsole(): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', servers, 'app'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (served) => resolve({ child, served: served as Served }));
    child.once('exit', (code) => reject(new Error(`console exited with ${code}`)));
  });
}

interface FloodResult {
  sent: number;
  perSecond: number;
  statuses: Record<string, number>;
}

function flood(url: string, addresses: number): Promise<FloodResult> {
  const options = { url, rate: RATE, seconds: SECONDS + 1, connections: FLOOD_CONNECTIONS, addresses };
  const child = spawn(process.execPath, ['--import', 'tsx', floodClient, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  // 'close', not 'exit': the printed result is read only once stdout has ended.
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as FloodResult) : reject(new Error(`flood exited with ${code}`)),
    ),
  );
}

const app = await startConsole();
const url = `http://127.0.0.1:${app.served.port}/api/user/`;
const client = { authorization: `Bearer ${app.served.token}`, 'x-forwarded-for': '192.0.2.1' };
// The client's load runs in its own process too (generateLoad), started once the flood is going.
const measureClient = (): Load => generateLoad({ url, headers: client, seconds: SECONDS, connections: 4 });

const rows: { phase: string; client: Load; flood?: FloodResult }[] = [];
try {
  generateLoad({ url, headers: client, seconds: 1, connections: 4 });
  rows.push({ phase: 'alone (baseline)', client: measureClient() });
  for (const [phase, addresses] of [
    ['flood from one address', 1],
    ['flood from 65 536 addresses', 65_536],
  ] as const) {
    const flooding = flood(url, addresses);
    const measured = measureClient();
    rows.push({ phase, client: measured, flood: await flooding });
  }
} finally {
  app.child.kill();
}

const baseline = rows[0]!.client;
console.log(
  `\nA signed-in client (GET /api/user/, 4 connections, ${SECONDS} s) while forged tokens flood the API`,
);
console.log(`(target ${RATE}/s over ${FLOOD_CONNECTIONS} connections; PGlite)\n`);
for (const row of rows) {
  const c = row.client;
  const flooded = row.flood
    ? `  flood ${Math.round(row.flood.perSecond)}/s answered ${JSON.stringify(row.flood.statuses)}`
    : '';
  console.log(
    `  ${row.phase.padEnd(28)} ${Math.round(c.requestsPerSecond).toString().padStart(6)} req/s  p50 ${c.p50.toFixed(2)} ms  p99 ${c.p99.toFixed(2)} ms  (p99 ${(c.p99 / baseline.p99).toFixed(2)}x)${flooded}`,
  );
}
writeFileSync(
  new URL('./results/flood.json', import.meta.url),
  `${JSON.stringify({ seconds: SECONDS, rate: RATE, rows }, null, 2)}\n`,
);
