/**
 * Workflows on PostgreSQL, in one process: a five-step workflow's runs per second with W workers
 * on the workflows lane, the time from an alert's creation to its run's first step done (p95),
 * and the alert path's cost (create the alert, then its dispatch job) with 100 enabled workflows
 * that do not match it against none, in the same run: the alerts of a provider with the 100 and
 * of one with none raised alternately.
 *
 *   npx tsx bench/workflows.ts [--runs N] [--workers W] [--alerts A] [--batch B] [--processes P]
 *
 * `--processes 2` drains the lane for the runs per second from two processes (W workers each),
 * as a deployment with two `WATCHFLOOR_ROLE=worker` processes does; one by default.
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) picks the server.
 *
 * Targets (issue 23): first step within 1 s p95; 200 runs/s or more; the alert path at most 10%
 * slower with 100 enabled workflows.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { createAlertRecord } from '../src/server/areas/alerts/index.ts';
import { DEFAULT_DEFINITION } from '../src/server/areas/workflows/definition.ts';
import { reachNow } from '../src/server/auth/reach-now.ts';
import { openDatabase } from '../src/server/db/client.ts';
import {
  alerts,
  customers,
  partners,
  users,
  type WorkflowDefinition,
  type WorkflowTask,
  workflowRuns,
  workflowSteps,
  workflows,
  workflowVersions,
} from '../src/server/db/schema/index.ts';
import { withScope } from '../src/server/db/tenancy.ts';
import type { Db } from '../src/server/db/types.ts';
import { laneBatch, laneHandlers } from '../src/server/jobs/registry.ts';
import { runDueJobs, startJobRunner } from '../src/server/jobs/runner.ts';
import { percentile } from './lib/stats.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    workers: { type: 'string', default: '4' },
    alerts: { type: 'string', default: '200' },
    /** Jobs a worker claims at once; the workflows lane's own by default. */
    batch: { type: 'string' },
    processes: { type: 'string', default: '1' },
    /** Internal: this process is one of `--processes`, draining the database at this address. */
    drain: { type: 'string' },
  },
});
/** Workflows each benchmark alert starts. */
const MATCHING = 10;
/** Statements sent to the server (every pooled client), to count a run's round trips. */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const task = (id: string, action_id: string, parameters: WorkflowTask['parameters']): WorkflowTask => ({
  id,
  action_id,
  parameters,
  timeout_seconds: 60,
  retries: 3,
});
/** Five steps as a response does them: a note, a test, a priority, a note reading the test, a status. */
const definitionFor = (type: string): WorkflowDefinition => ({
  ...DEFAULT_DEFINITION,
  trigger_id: 'alert_created',
  scheduled: false,
  trigger_filter: { types: [type] },
  task_list: [
    task('note', 'alert_comment', { message: 'Seen {{trigger.alert.title}}', private: true }),
    task('test', 'condition', {
      operator: 'contains',
      value: '{{trigger.alert.title}}',
      compare_to: 'Bench',
    }),
    task('raise', 'alert_priority', { priority: 'critical' }),
    task('again', 'alert_comment', { message: 'Test passed: {{steps.test.passed}}', private: true }),
    task('take', 'alert_status', { status: 'open' }),
  ],
});

async function publish(db: Db, partnerId: string, ownerId: string, type: string) {
  const definition = definitionFor(type);
  const [row] = await db
    .insert(workflows)
    .values({
      partnerId,
      name: `Respond to ${type}`,
      definition,
      state: 'published',
      publishedVersion: 1,
      publishedHash: type,
      ownerId,
    })
    .returning();
  await db.insert(workflowVersions).values({
    workflowId: row!.id,
    version: 1,
    partnerId,
    definition,
    contentHash: type,
    publishedBy: ownerId,
  });
}

async function main() {
  const name = `watchfloor_bench_wf_${process.pid}`;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  try {
    const db = database.db;
    /** A provider with a customer and an analyst who may change workflows, and how it raises alerts. */
    const provider = async (label: string) => {
      const [partner] = await db
        .insert(partners)
        .values({ name: `Bench MSSP ${label}` })
        .returning();
      const [customer] = await db
        .insert(customers)
        .values({ partnerId: partner!.partnerId, name: `Bench Customer ${label}`, hasSubscription: true })
        .returning();
      const [user] = await db
        .insert(users)
        .values({
          partnerId: partner!.partnerId,
          email: `bench-${label}@bench.example`,
          firstName: 'Bench',
          lastName: 'Analyst',
          roleLevel: 'Global',
          permissions: ['global_user', 'read_all', 'modify_all', 'read_workflow', 'modify_workflow'],
        })
        .returning();
      const reach = await reachNow(db, {
        userId: user!.contactId,
        apiKeyId: null,
        partnerId: partner!.partnerId,
      });
      if (!reach.active) throw new Error('the bench user has no reach');
      const { principal } = reach;
      const raise = (type: string, i: number) =>
        withScope(db, principal.scope, (tx) =>
          createAlertRecord(tx, principal, {
            customerId: customer!.customerId,
            title: `Bench alert ${i}`,
            type,
            priority: 'high',
          }),
        );
      return { partner: partner!, user: user!, raise };
    };
    const { partner, user, raise } = await provider('A');
    /** A provider with no workflow at all: the alert path's baseline, measured between A's alerts. */
    const bare = await provider('B');
    const handlers = laneHandlers('workflows');
    const batch = values.batch === undefined ? laneBatch('workflows') : Number(values.batch);
    const drain = () =>
      runDueJobs(db, { workerId: 'bench-drain', pollMs: 5, handlers, schedules: [], log: quiet });
    /** The alert path: the alert in its transaction, then the dispatch job it queued. */
    const alertPath = async (raiseOne: typeof raise, type: string, i: number) => {
      const started = performance.now();
      await raiseOne(type, i);
      await drain();
      return performance.now() - started;
    };

    // The alert path of a provider with 100 enabled workflows its alerts do not match, and of one
    // with none, alternately (which goes first alternates too), so both see the same load.
    const count = Number(values.alerts);
    for (let i = 0; i < 100; i++) await publish(db, partner.partnerId, user.contactId, `other-${i}`);
    for (let i = 0; i < 10; i++) {
      await alertPath(raise, 'warm-up', i);
      await alertPath(bare.raise, 'warm-up', i);
    }
    const none: number[] = [];
    const hundred: number[] = [];
    for (let i = 0; i < count; i++) {
      if (i % 2 === 0) {
        none.push(await alertPath(bare.raise, 'no-workflow', i));
        hundred.push(await alertPath(raise, 'no-workflow', i));
      } else {
        hundred.push(await alertPath(raise, 'no-workflow', i));
        none.push(await alertPath(bare.raise, 'no-workflow', i));
      }
    }
    const ratio = percentile(hundred, 50) / percentile(none, 50);
    console.log(
      `alert path, no workflow:        p50 ${percentile(none, 50).toFixed(2)} ms  p95 ${percentile(none, 95).toFixed(2)} ms`,
    );
    console.log(
      `alert path, 100 workflows:      p50 ${percentile(hundred, 50).toFixed(2)} ms  p95 ${percentile(hundred, 95).toFixed(2)} ms  ratio ${ratio.toFixed(2)}x (target <= 1.10x)`,
    );

    // Runs per second: the alerts raised first, then W workers drain the lane. Ten workflows match
    // each alert, as one workflow starts at most RUNS_PER_MINUTE runs a minute.
    for (let i = 0; i < MATCHING; i++) await publish(db, partner.partnerId, user.contactId, 'bench-five');
    const runs = Number(values.runs);
    for (let i = 0; i < runs / MATCHING; i++) await raise('bench-five', i);
    const sentBefore = statements;
    // The other processes start and connect first; all begin draining together.
    const others = await Promise.all(
      Array.from({ length: Number(values.processes) - 1 }, () => drainingProcess(url.href, batch)),
    );
    const started = performance.now();
    for (const other of others) other.send('go');
    const [, ...reports] = await Promise.all([
      drainUntilDone(db, handlers, batch, 'bench'),
      ...others.map(async (other) => (await once(other, 'message'))[0] as { statements: number }),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const done = await db
      .select({ id: workflowRuns.id })
      .from(workflowRuns)
      .where(eq(workflowRuns.status, 'succeeded'));
    const sent = statements - sentBefore + reports.reduce((sum, report) => sum + report.statements, 0);
    const processes = Number(values.processes);
    console.log(
      `five-step runs:                 ${done.length} succeeded of ${runs} in ${seconds.toFixed(1)} s: ${(done.length / seconds).toFixed(0)} runs/s with ${values.workers} workers${processes > 1 ? ` in each of ${processes} processes` : ''} (target >= 200); ${(sent / Math.max(1, done.length)).toFixed(1)} statements a run`,
    );

    // Trigger to first step: alerts raised one at a time while the workers run, told of new jobs
    // at commit as the server's are. Workflows of their own, as the ones above may have started
    // as many runs this minute as one may (RUNS_PER_MINUTE) when --runs is large.
    for (let i = 0; i < MATCHING; i++) await publish(db, partner.partnerId, user.contactId, 'bench-steady');
    const runners = Array.from({ length: Number(values.workers) }, (_, w) =>
      startJobRunner(db, {
        workerId: `steady-${w}`,
        pollMs: 20,
        handlers,
        batch,
        schedules: [],
        log: quiet,
        jobsDue: database.jobsDue,
      }),
    );
    const raised: number[] = [];
    for (let i = 0; i < Math.min(40, runs / MATCHING); i++) {
      raised.push((await raise('bench-steady', i)).id);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstSteps = async () =>
      db
        .select({ created: alerts.createdAt, finished: workflowSteps.finishedAt })
        .from(workflowSteps)
        .innerJoin(workflowRuns, eq(workflowRuns.id, workflowSteps.runId))
        .innerJoin(alerts, eq(alerts.id, workflowRuns.alertId))
        .where(
          and(
            inArray(alerts.id, raised),
            eq(workflowSteps.stepIndex, 0),
            isNotNull(workflowSteps.finishedAt),
          ),
        );
    let rows = await firstSteps();
    while (rows.length < raised.length * MATCHING) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await firstSteps();
    }
    await Promise.all(runners.map((runner) => runner.stop()));
    const latencies = rows.map((row) => row.finished!.getTime() - row.created.getTime());
    console.log(
      `trigger to first step:          p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms (target <= 1000 ms)`,
    );
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/**
 * Drains the workflows lane with W workers until every benchmark run has ended: a worker that
 * finds nothing due looks again while another still works (whose jobs queue the next steps), as
 * the server's loops do; once all found nothing, the runs are counted, as other processes may
 * still be queuing steps.
 */
async function drainUntilDone(
  db: Db,
  handlers: ReturnType<typeof laneHandlers>,
  batch: number,
  name: string,
) {
  const workers = Number(values.workers);
  const runs = Number(values.runs);
  for (;;) {
    const idle = new Set<number>();
    const work = async (w: number) => {
      for (;;) {
        const ran = await runDueJobs(db, {
          workerId: `${name}-${w}`,
          pollMs: 5,
          handlers,
          batch,
          schedules: [],
          log: quiet,
        });
        if (ran > 0) idle.delete(w);
        else idle.add(w);
        if (idle.size === workers) return;
        if (ran === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all(Array.from({ length: workers }, (_, w) => work(w)));
    const [ended] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(workflowRuns)
      .where(inArray(workflowRuns.status, ['succeeded', 'failed', 'cancelled']));
    if (Number(ended?.count ?? 0) >= runs) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Another process draining the same database; answers once it is connected and waits for 'go'. */
async function drainingProcess(url: string, batch: number): Promise<ChildProcess> {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--drain',
      url,
      '--workers',
      String(values.workers),
      '--runs',
      String(values.runs),
      '--batch',
      String(batch),
    ],
    { execArgv: ['--import', 'tsx'] },
  );
  await once(child, 'message');
  return child;
}

/** The body of a process started by `drainingProcess`: reports the statements it sent. */
async function drainHere(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  process.send!('ready');
  await once(process, 'message');
  const before = statements;
  await drainUntilDone(database.db, laneHandlers('workflows'), Number(values.batch), `drain-${process.pid}`);
  process.send!({ statements: statements - before });
  await database.close();
  process.disconnect?.();
}

if (values.drain) await drainHere(values.drain);
else await main();
