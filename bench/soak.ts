/**
 * The soak (issue "Scale out and hold"): the several-nodes mixed load (analysts creating, changing
 * and listing alerts, agents checking in, HTTP and syslog ingest, searches run by the worker) at a
 * fixed rate for half an hour, against one API and one worker process on a fresh PostgreSQL
 * database. Every sample window it reads the requests' p50/p95, each process's resident memory
 * (/proc/<pid>/status) and open file descriptors (/proc/<pid>/fd), and the database's connections
 * (pg_stat_activity). After the warm-up it judges:
 *   - API p95 flat: the last third's p95 within 1.25x of the first third's;
 *   - memory flat: resident memory grows under 10% from the warm-up's end to the run's end;
 *   - nothing leaked: file descriptors and database connections end where they began (small slack).
 *
 *   TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/any npx tsx bench/soak.ts
 *   SOAK_MINUTES=5 SOAK_WARMUP_MINUTES=1 SOAK_SAMPLE_SECONDS=15 npx tsx bench/soak.ts   (a short look)
 *
 * The first answer is the server's own: a request's latency is measured to its first byte, each
 * actor starts a turn every SOAK_ACTOR_INTERVAL_MS (250 by default, about 40 requests a second in
 * all), so a slower server shows as latency, not as a lower rate. Figures go to bench/results/soak.json.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SessionTokens } from '../src/server/auth/session-tokens.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { resultRows } from '../src/server/db/tenancy.ts';
import { insertFixtures } from '../tests/helpers/fixtures.ts';
import { type NodeProcess, startNode, stopAll } from '../tests/scale/cluster.ts';
import { nothingAcknowledged, runMixedLoad } from '../tests/scale/mixed-load.ts';
import { RoundRobinClient } from '../tests/scale/round-robin.ts';
import { worldOf } from '../tests/scale/world.ts';
import { percentile } from './lib/stats.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(5, MINUTES / 6));
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const ACTOR_INTERVAL_MS = Number(process.env.SOAK_ACTOR_INTERVAL_MS ?? 250);
/** Slack for descriptors and connections that come and go with the moment (a socket being opened). */
const LEAK_SLACK = 5;

interface Sample {
  minute: number;
  requests: number;
  p50: number;
  p95: number;
  rssMb: Record<string, number>;
  fds: Record<string, number>;
  connections: number;
  serverErrors: number;
}

const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!server) {
  console.error(
    'The soak needs PostgreSQL: set TEST_DATABASE_URL to a server where the user may create databases.',
  );
  process.exit(2);
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const median = (values: number[]) => percentile(values, 50);

async function main() {
  const name = `watchfloor_soak_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const address = new URL(server!);
  address.pathname = `/${name}`;
  const databaseUrl = address.href;
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  let nodes: NodeProcess[] = [];
  try {
    const fixtures = await insertFixtures(database.db);
    nodes = await Promise.all([
      startNode('api', 'api', databaseUrl),
      startNode('worker', 'worker', databaseUrl),
    ]);
    const [api] = nodes as [NodeProcess, NodeProcess];
    const client = new RoundRobinClient([api.base]);
    const token = (await (await SessionTokens.create(database.db)).issue(fixtures.analyst.contactId))
      .access_token;
    const world = await worldOf(client, token, fixtures.acme.customerId, [api.syslogPort]);
    console.log(
      `soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES} min), a sample every ${SAMPLE_SECONDS} s, ` +
        `each actor every ${ACTOR_INTERVAL_MS} ms, on ${name}`,
    );

    let stop = false;
    const done = nothingAcknowledged(world.syslogPorts);
    const load = runMixedLoad(world, done, () => stop, { actorIntervalMs: ACTOR_INTERVAL_MS });
    const began = Date.now();
    const samples: Sample[] = [];
    const pooled: { minute: number; latencies: number[] }[] = [];
    let answered = 0;
    while (Date.now() - began < MINUTES * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_SECONDS * 1000));
      const latencies = client.latencies.splice(0);
      const minute = (Date.now() - began) / 60_000;
      const [row] = await resultRows<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = ${name}`,
        ),
      );
      const sample: Sample = {
        minute,
        requests: done.requests - answered,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        rssMb: Object.fromEntries(nodes.map((node) => [node.name, rssMb(node.pid)])),
        fds: Object.fromEntries(nodes.map((node) => [node.name, openFds(node.pid)])),
        // Less the bench's own connection.
        connections: row!.n - 1,
        serverErrors: client.serverErrors.length,
      };
      answered = done.requests;
      samples.push(sample);
      pooled.push({ minute, latencies });
      console.log(
        `  ${minute.toFixed(1).padStart(5)} min  ${String(sample.requests).padStart(6)} req  ` +
          `p50 ${sample.p50.toFixed(1).padStart(7)} ms  p95 ${sample.p95.toFixed(1).padStart(7)} ms  ` +
          `rss ${nodes.map((n) => `${n.name} ${sample.rssMb[n.name]!.toFixed(0)} MB`).join(', ')}  ` +
          `fds ${nodes.map((n) => `${n.name} ${sample.fds[n.name]}`).join(', ')}  db conns ${sample.connections}`,
      );
    }
    stop = true;
    await load;

    const settled = samples.filter((s) => s.minute > WARMUP_MINUTES);
    const settledLatencies = pooled.filter((p) => p.minute > WARMUP_MINUTES);
    if (settled.length < 3)
      throw new Error('too few samples after the warm-up: run longer or sample more often');
    const third = Math.max(1, Math.floor(settledLatencies.length / 3));
    const firstP95 = percentile(
      settledLatencies.slice(0, third).flatMap((p) => p.latencies),
      95,
    );
    const lastP95 = percentile(
      settledLatencies.slice(-third).flatMap((p) => p.latencies),
      95,
    );
    const edge = Math.min(3, Math.floor(settled.length / 2));
    const verdicts: { what: string; figure: string; met: boolean }[] = [
      {
        what: 'API p95 flat (last third within 1.25x of the first)',
        figure: `${firstP95.toFixed(1)} → ${lastP95.toFixed(1)} ms (${(lastP95 / firstP95).toFixed(2)}x)`,
        met: lastP95 <= firstP95 * 1.25,
      },
      ...nodes.map((node) => {
        const start = median(settled.slice(0, edge).map((s) => s.rssMb[node.name]!));
        const end = median(settled.slice(-edge).map((s) => s.rssMb[node.name]!));
        const growth = (end - start) / start;
        return {
          what: `${node.name} resident memory grows under 10% after the warm-up`,
          figure: `${start.toFixed(0)} → ${end.toFixed(0)} MB (${(growth * 100).toFixed(1)}%)`,
          met: growth < 0.1,
        };
      }),
      ...nodes.map((node) => {
        const start = settled[0]!.fds[node.name]!;
        const end = settled.at(-1)!.fds[node.name]!;
        return {
          what: `${node.name} file descriptors not leaked`,
          figure: `${start} → ${end}`,
          met: end <= start + LEAK_SLACK,
        };
      }),
      {
        what: 'database connections not leaked',
        figure: `${settled[0]!.connections} → ${settled.at(-1)!.connections} (most ${Math.max(...samples.map((s) => s.connections))})`,
        met: settled.at(-1)!.connections <= settled[0]!.connections + LEAK_SLACK,
      },
      {
        what: 'no answer of 500 or more',
        figure: `${client.serverErrors.length}`,
        met: client.serverErrors.length === 0,
      },
    ];
    console.log(`\nsoak: ${done.requests} requests in ${MINUTES} min, load average ${loadAverage()}`);
    for (const v of verdicts) console.log(`  ${v.met ? 'met    ' : 'NOT MET'}  ${v.what}: ${v.figure}`);
    writeFileSync(
      new URL('./results/soak.json', import.meta.url),
      `${JSON.stringify({ minutes: MINUTES, warmupMinutes: WARMUP_MINUTES, actorIntervalMs: ACTOR_INTERVAL_MS, requests: done.requests, samples, verdicts, loadAverage: loadAverage() }, null, 2)}\n`,
    );
  } finally {
    await stopAll();
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

await main();
