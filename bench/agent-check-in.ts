/**
 * Agent check-ins one API process sustains on PostgreSQL: N enrolled agents (default 2 000;
 * `--agents 100000` for the full run), each check-in from a random agent with its own credential,
 * against GET /api/health in the same run. Prints requests/s and p50/p95 of both and the ratio.
 *
 *   npx tsx bench/agent-check-in.ts [--agents N] [--seconds S] [--connections C] [--cpu-prof]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server.
 *   BENCH_KEEP=1 keeps the fleet (watchfloor_bench_checkin_N) for the next run.
 *
 * The console runs in a child process (this file with --serve), the load in this one, over
 * keep-alive HTTP. Agents are enrolled straight into the database (enrolling 100 000 through the
 * API would measure enrolment, not check-ins). Target (issue 9): p95 under 50 ms at 2 000/s or more.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { hashSecret } from '../src/server/areas/agents/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { agents, customers, partners } from '../src/server/db/schema/index.ts';
import { admin, PG_URL } from './lib/postgres-admin.ts';
import { percentile } from './lib/stats.ts';

const KEEP = process.env.BENCH_KEEP === '1';
const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    agents: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

if (values.serve) {
  // The child: the whole console on the bench database, quiet, on a free port.
  const database = await openDatabase({ databaseUrl: values.serve, dataDir: '' });
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: values.serve,
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('SIGTERM', () => process.exit(0));
} else {
  await main();
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

async function enrolFleet(url: string, count: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const [partner] = await database.db.insert(partners).values({ name: 'Bench MSSP' }).returning();
  const [customer] = await database.db
    .insert(customers)
    .values({ partnerId: partner!.partnerId, name: 'Bench Customer' })
    .returning();
  const credentials: string[] = [];
  const now = new Date();
  for (let start = 0; start < count; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, count - start) }, (_, i) => {
      const agentId = randomUUID();
      const secret = randomBytes(32).toString('base64url');
      credentials.push(`${agentId}.${secret}`);
      return {
        agentId,
        customerId: customer!.customerId,
        hostName: `BENCH-${start + i}`,
        platform: 'windows-11',
        architecture: 'x64',
        version: '4.12.3',
        checkInInterval: 60,
        credentialHash: hashSecret(secret),
        firstActive: now,
        heartbeatAt: now,
      };
    });
    await database.db.insert(agents).values(rows);
  }
  await database.close();
  return credentials;
}

interface Run {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

/** C keep-alive connections, each sending its next request when the last answered, for S seconds. */
async function load(
  port: number,
  seconds: number,
  connections: number,
  next: () => http.RequestOptions & { body?: string },
): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const { body, ...options } = next();
      const started = performance.now();
      const request = http.request({ ...options, host: '127.0.0.1', port, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors };
}

function line(name: string, run: Run) {
  const rps = run.requests / run.seconds;
  const p50 = percentile(run.latencies, 50);
  const p95 = percentile(run.latencies, 95);
  console.log(
    `${name.padEnd(10)} ${rps.toFixed(0).padStart(7)}/s  p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  errors ${run.errors}`,
  );
  return { rps, p95 };
}

async function main() {
  const count = Number(values.agents);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  // BENCH_KEEP=1 keeps the fleet (watchfloor_bench_checkin_N) and its credentials (results/) for
  // the next run: enrolling 100 000 agents takes a while.
  const name = KEEP ? `watchfloor_bench_checkin_${count}` : `watchfloor_bench_checkin_${process.pid}`;
  const credentialsFile = fileURLToPath(
    new URL(`./results/checkin-${count}.credentials.json`, import.meta.url),
  );
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const kept = KEEP && existsSync(credentialsFile) && (await databaseExists(name));
  if (!kept) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  let child: ChildProcess | undefined;
  try {
    const started = Date.now();
    const credentials = kept
      ? (JSON.parse(readFileSync(credentialsFile, 'utf8')) as string[])
      : await enrolFleet(url.href, count);
    if (KEEP && !kept) writeFileSync(credentialsFile, JSON.stringify(credentials));
    console.log(
      kept
        ? `${count} agents kept from an earlier run (${name})`
        : `${count} agents enrolled in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // --cpu-prof: the console process writes a V8 profile into the temp folder when the run ends.
    const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', tmpdir()] : [];
    if (profile.length) console.log(`CPU profile of the console: ${tmpdir()}/CPU.*.cpuprofile`);
    child = fork(fileURLToPath(import.meta.url), ['--serve', url.href], {
      execArgv: ['--import', 'tsx', ...profile],
    });
    const { port } = await new Promise<{ port: number }>((resolve) =>
      child!.once('message', (message) => resolve(message as { port: number })),
    );
    const checkIn = JSON.stringify({ version: '4.12.3', health: 'healthy', ip: '10.0.0.5' });
    const health = () => ({ method: 'GET', path: '/api/health' });
    const checkIns = () => ({
      method: 'POST',
      path: '/api/agent/v1/check-in',
      headers: {
        authorization: `Bearer ${credentials[Math.floor(Math.random() * credentials.length)]}`,
        'content-type': 'application/json',
      },
      body: checkIn,
    });
    await load(port, 2, connections, checkIns); // warm-up
    console.log(`\nagent check-in, ${count} agents, ${connections} connections, ${seconds} s each`);
    const baseline = line('health', await load(port, seconds, connections, health));
    const measured = line('check-in', await load(port, seconds, connections, checkIns));
    console.log(
      `ratio: check-in p95 ${(measured.p95 / baseline.p95).toFixed(2)}x health, throughput ${(measured.rps / baseline.rps).toFixed(2)}x`,
    );
    console.log(
      `target: p95 under 50 ms at 2000/s or more → ${measured.p95 < 50 && measured.rps >= 2000 ? 'met' : 'not met'}`,
    );
  } finally {
    child?.kill('SIGTERM');
    if (!KEEP) await admin(`drop database if exists ${name} with (force)`);
  }
}
