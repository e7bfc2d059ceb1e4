/**
 * A hundred customers' monthly reports sent at once (the delivery's "send now", one run per
 * customer) to the real console on the bench's database, while one analyst pages the alert list
 * request after request: the list's p95 while the runs render, against its p95 idle in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { reportRuns } from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';
import { stopGroup } from './seeded-console.ts';
import { percentile } from './stats.ts';

export interface ConcurrentReportsOptions {
  db: Db;
  databaseUrl: string;
  port: number;
  token: string;
  reportId: string;
  customerIds: readonly string[];
  target: string;
  /** `one`: API and workers in one process (WATCHFLOOR_ROLE=all); `split`: an API and a worker process. */
  processes: 'one' | 'split';
  /** Alert list requests measured idle. */
  idleRequests: number;
}

export interface ConcurrentReportsFigures {
  processes: 'one' | 'split';
  runs: number;
  sent: number;
  failed: number;
  /** From the send to the last run done. */
  seconds: number;
  idle: { p50: number; p95: number; requests: number };
  loaded: { p50: number; p95: number; requests: number };
}

/** What the analyst waits on: the first page of open alerts, as the list opens. */
const OPEN = ['new', 'open', 'acknowledged', 'escalated', 'deferred', 'reopened'];
const ALERT_LIST = `/api/alerts/v1/alerts/?${OPEN.map((s) => `statuses=${s}`).join('&')}&batch_size=100`;

/** BENCH_CPU_PROF=<folder>: each console process writes a V8 profile of its main thread there. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

function startConsole(role: 'all' | 'api' | 'worker', options: ConcurrentReportsOptions, dataDir: string) {
  const command = PROFILE_DIR
    ? ['node', ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, '--import', 'tsx', 'src/server/main.ts']]
    : ['npx', ['tsx', 'src/server/main.ts']];
  return spawn(command[0] as string, command[1] as string[], {
    env: {
      ...process.env,
      WATCHFLOOR_ROLE: role,
      DATABASE_URL: options.databaseUrl,
      WATCHFLOOR_DATA: dataDir,
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      SYSLOG_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
}

export async function concurrentReports(
  options: ConcurrentReportsOptions,
): Promise<ConcurrentReportsFigures> {
  const base = `http://localhost:${options.port}`;
  const headers = { authorization: `Bearer ${options.token}` };
  const dataDir = mkdtempSync(join(tmpdir(), 'watchfloor-bench-reports-'));
  const children: ChildProcess[] =
    options.processes === 'one'
      ? [startConsole('all', options, dataDir)]
      : [startConsole('api', options, dataDir), startConsole('worker', options, dataDir)];
  try {
    const deadline = Date.now() + 180_000;
    while (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the console did not start within 180 s');
      await new Promise((r) => setTimeout(r, 500));
    }
    const listOnce = async () => {
      const started = performance.now();
      const response = await fetch(`${base}${ALERT_LIST}`, { headers });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`alert list: ${response.status} ${new TextDecoder().decode(body)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await listOnce();
    const idle: number[] = [];
    for (let i = 0; i < options.idleRequests; i++) idle.push(await listOnce());

    const query = new URLSearchParams({ report_type: options.reportId, target: options.target });
    for (const id of options.customerIds) query.append('customer_ids', id);
    query.append('recipients', 'service-review@watchfloor.example');
    const sentAt = performance.now();
    const send = await fetch(`${base}/api/ngreports/v0/reports/send?${query}`, {
      headers: { ...headers, 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' },
    });
    if (send.status !== 202) throw new Error(`send: ${send.status} ${await send.text()}`);
    const runIds = (await send.json()).runs.map((r: { id: number }) => r.id) as number[];

    // The list, request after request, until every run is sent or failed.
    const loaded: number[] = [];
    let finished = false;
    const counts = { sent: 0, failed: 0 };
    const watch = (async () => {
      while (!finished) {
        await new Promise((r) => setTimeout(r, 1000));
        const rows = await options.db
          .select({ status: reportRuns.status, n: sql<number>`count(*)::int` })
          .from(reportRuns)
          .where(inArray(reportRuns.id, runIds))
          .groupBy(reportRuns.status);
        counts.sent = rows.find((r) => r.status === 'sent')?.n ?? 0;
        counts.failed = rows.find((r) => r.status === 'failed')?.n ?? 0;
        if (counts.sent + counts.failed === runIds.length) finished = true;
      }
    })();
    while (!finished) loaded.push(await listOnce());
    await watch;
    const seconds = (performance.now() - sentAt) / 1000;
    const figure = (sample: number[]) => ({
      p50: percentile(sample, 50),
      p95: percentile(sample, 95),
      requests: sample.length,
    });
    return {
      processes: options.processes,
      runs: runIds.length,
      ...counts,
      seconds,
      idle: figure(idle),
      loaded: figure(loaded),
    };
  } finally {
    for (const child of children) await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
