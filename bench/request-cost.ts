/**
 * The fixed cost of one request: requests/s and p50/p99 latency of the console against a bare
 * Fastify answering the same route with the same payload, measured in the same run.
 *
 *   (a) a static file of the web app, (b) GET /api/health, (c) GET /api/user/ signed in,
 *   (d) GET /api/profile/sessions signed in: one row read in the caller's tenant transaction,
 *   (e) GET /api/user/ with a forged bearer token, refused with 401: the flood's call of
 *       bench/flood.ts (a fresh signature each, from 65 536 addresses, so none is limited to 429)
 *       at BENCH_REFUSED_RATE calls/s (default 4 000), against bare Fastify answering the same 401.
 *
 *   npx tsx bench/request-cost.ts
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 npx tsx bench/request-cost.ts
 *   LOG_LEVEL=warn npx tsx bench/request-cost.ts     # the console's log level (default info)
 *   npx tsx bench/request-cost.ts --postgres         # the console on PostgreSQL instead of PGlite
 *   npx tsx bench/request-cost.ts --only refused     # only the cases whose name contains the text
 *   npx tsx bench/request-cost.ts --cpu-prof         # a V8 profile of the console, in the temp folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server;
 *   the run creates a database of its own there (watchfloor_bench_reqcost_…) and drops it.
 *
 * Each server runs in its own process, the load in a third (wrk when installed, else a node
 * keep-alive client). Besides requests/s and latency, each server's CPU time per answer is
 * charged from its own process.cpuUsage(): on a machine others share, requests/s swing with their
 * load while CPU per request holds. Target: static and health within 3x of bare Fastify.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type FloodTotal, startFlood } from './lib/flood-processes.ts';
import { generateLoad, hasWrk, type Load } from './lib/load.ts';
import { admin, PG_URL } from './lib/postgres-admin.ts';
import type { Payloads, Served } from './lib/request-cost-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const useWrk = hasWrk();
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const STATIC_PATH = '/favicon.svg';
const webRoot = fileURLToPath(new URL('../dist/web/', import.meta.url));
const servers = fileURLToPath(new URL('./lib/request-cost-servers.ts', import.meta.url));
const onPostgres = process.argv.includes('--postgres');
const profiled = process.argv.includes('--cpu-prof');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const REFUSED_RATE = Number(process.env.BENCH_REFUSED_RATE ?? 4_000);
const SPREAD = 65_536;

/** A new, empty PostgreSQL database for this run (the console migrates it), and how to drop it. */
async function benchDatabase() {
  const name = `watchfloor_bench_reqcost_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function start(...args: string[]): Promise<{ child: ChildProcess; served: Served }> {
  const profile = profiled && args[0] === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${tmpdir()}`] : [];
  // The console's log lines go where production sends them (stdout), here to nowhere. It trusts
  // X-Forwarded-For from the bench, so the forged tokens can come from many addresses.
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', servers, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, TRUST_PROXY: '127.0.0.1' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (served) => resolve({ child, served: served as Served }));
    child.once('exit', (code) => reject(new Error(`${args[0]} server exited with ${code}`)));
  });
}

/** The server process's CPU time so far, in microseconds. */
async function cpuOf(child: ChildProcess): Promise<number> {
  child.send('cpu');
  const [message] = (await once(child, 'message')) as [{ cpu: NodeJS.CpuUsage }];
  return message.cpu.user + message.cpu.system;
}

interface Measured extends Load {
  /** CPU time the server spent per answer: unlike requests/s, it holds on a busy machine. */
  cpuMicrosPerRequest: number;
}

/** Loads one server and charges it its CPU time. */
async function measure(child: ChildProcess, url: string, headers: Record<string, string>): Promise<Measured> {
  const before = await cpuOf(child);
  const load = generateLoad({ url, headers, seconds: SECONDS, connections: CONNECTIONS }, useWrk);
  const used = (await cpuOf(child)) - before;
  return { ...load, cpuMicrosPerRequest: used / load.requests };
}

async function body(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

if (!existsSync(`${webRoot}index.html`)) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = onPostgres ? await benchDatabase() : null;
const app = await start('app', ...(database ? [database.url] : []));
const appUrl = `http://127.0.0.1:${app.served.port}`;
const auth = { authorization: `Bearer ${app.served.token}` };
const payloads: Payloads = {
  staticPath: STATIC_PATH,
  staticFile: `${webRoot}${STATIC_PATH.slice(1)}`,
  staticType: 'image/svg+xml',
  health: await body(`${appUrl}/api/health`),
  user: await body(`${appUrl}/api/user/`, auth),
  sessions: await body(`${appUrl}/api/profile/sessions`, auth),
};
const bare = await start('bare', JSON.stringify(payloads));
const bareUrl = `http://127.0.0.1:${bare.served.port}`;
const refusing = await start('refusing');

const ROUTES = [
  { name: 'static file', path: STATIC_PATH, headers: {}, target: 3 },
  { name: 'GET /api/health', path: '/api/health', headers: {}, target: 3 },
  { name: 'GET /api/user/ (signed in)', path: '/api/user/', headers: auth, target: 10 },
  {
    name: 'GET /api/profile/sessions (signed in, tenant transaction)',
    path: '/api/profile/sessions',
    headers: auth,
  },
  { name: 'GET /api/user/ (forged bearer, refused)', path: '/api/user/', headers: {}, forged: true },
].filter((route) => !only || route.name.includes(only));

/** The forged-token flood against one server for SECONDS, charged its CPU time per answer. */
async function measureRefusals(child: ChildProcess, port: number, seconds = SECONDS) {
  const flooding = await startFlood({
    port,
    rate: REFUSED_RATE,
    addresses: SPREAD,
    processes: 2,
    connections: 16,
    depth: 16,
  });
  const before = await cpuOf(child);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = (await cpuOf(child)) - before;
  const flood = await flooding.stop();
  const refused = Object.entries(flood.statuses).filter(([status]) => status !== '401');
  if (refused.length)
    throw new Error(`not every forged call was answered 401: ${JSON.stringify(flood.statuses)}`);
  return { flood, cpuMicrosPerRequest: used / (flood.answeredPerSecond * seconds) };
}

console.log(
  `\nCost of one request: the console against bare Fastify, same routes and payloads ` +
    `(${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${useWrk ? 'wrk' : 'node keep-alive client'}, ` +
    `${CONNECTIONS} connections, ${SECONDS} s each, ` +
    `log level ${process.env.LOG_LEVEL ?? 'info'})`,
);
const refusals: {
  name: string;
  app: { flood: FloodTotal; cpuMicrosPerRequest: number };
  bare: { flood: FloodTotal; cpuMicrosPerRequest: number };
  cpuRatio: number;
}[] = [];
const results: {
  name: string;
  app: Measured;
  bare: Measured;
  ratio: number;
  cpuRatio: number;
  target?: number;
}[] = [];
const fmt = (l: Measured) =>
  `${Math.round(l.requestsPerSecond).toString().padStart(6)} req/s  p50 ${l.p50.toFixed(2).padStart(6)} ms  p99 ${l.p99.toFixed(2).padStart(6)} ms  CPU ${l.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs/request`;
try {
  for (const route of ROUTES) {
    if ('forged' in route) {
      await measureRefusals(app.child, app.served.port, 1);
      const bareRefusals = await measureRefusals(refusing.child, refusing.served.port);
      const appRefusals = await measureRefusals(app.child, app.served.port);
      const cpuRatio = appRefusals.cpuMicrosPerRequest / bareRefusals.cpuMicrosPerRequest;
      refusals.push({ name: route.name, app: appRefusals, bare: bareRefusals, cpuRatio });
      const line = (r: typeof appRefusals) =>
        `${Math.round(r.flood.answeredPerSecond).toString().padStart(6)} answers/s of ${REFUSED_RATE} (all 401)  CPU ${r.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs/answer`;
      console.log(`\n  ${route.name}`);
      console.log(`    console  ${line(appRefusals)}`);
      console.log(`    bare     ${line(bareRefusals)}`);
      console.log(`    ratio ${cpuRatio.toFixed(2)}x (CPU per answer)`);
      continue;
    }
    // A short warm-up for the JIT, then the measured runs.
    generateLoad(
      { url: `${appUrl}${route.path}`, headers: route.headers, seconds: 1, connections: CONNECTIONS },
      useWrk,
    );
    const bareLoad = await measure(bare.child, `${bareUrl}${route.path}`, route.headers);
    const appLoad = await measure(app.child, `${appUrl}${route.path}`, route.headers);
    const ratio = bareLoad.requestsPerSecond / appLoad.requestsPerSecond;
    const cpuRatio = appLoad.cpuMicrosPerRequest / bareLoad.cpuMicrosPerRequest;
    results.push({
      name: route.name,
      app: appLoad,
      bare: bareLoad,
      ratio,
      cpuRatio,
      ...(route.target ? { target: route.target } : {}),
    });
    console.log(`\n  ${route.name}`);
    console.log(`    console  ${fmt(appLoad)}`);
    console.log(`    bare     ${fmt(bareLoad)}`);
    const target = route.target ? `  target ≤ ${route.target}x` : '';
    console.log(
      `    ratio ${ratio.toFixed(2)}x (requests/s), ${cpuRatio.toFixed(2)}x (CPU per request)${target}`,
    );
  }
} finally {
  app.child.kill();
  bare.child.kill();
  refusing.child.kill();
  if (database) {
    await once(app.child, 'exit');
    await database.drop();
  }
}
writeFileSync(
  new URL(`./results/request-cost${onPostgres ? '-postgres' : ''}.json`, import.meta.url),
  `${JSON.stringify({ database: onPostgres ? 'postgres' : 'pglite', seconds: SECONDS, connections: CONNECTIONS, results, refusals }, null, 2)}\n`,
);
