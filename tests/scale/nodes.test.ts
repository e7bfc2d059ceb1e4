import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokens } from '../../src/server/auth/session-tokens.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { resultRows } from '../../src/server/db/tenancy.ts';
import { insertFixtures } from '../helpers/fixtures.ts';
import { adminQuery } from '../helpers/global-setup.ts';
import { type NodeProcess, startNode, stopAll } from './cluster.ts';
import { type Acknowledged, nothingAcknowledged, runMixedLoad } from './mixed-load.ts';
import { RoundRobinClient } from './round-robin.ts';
import { worldOf } from './world.ts';

/** Short, so the dead worker's job comes back within the test; live workers renew it while they run. */
const LEASE_SECONDS = 6;
/** Requests answered before the kill, and again after it, before the load stops. */
const REQUESTS_EACH_SIDE = 400;
const ACTORS = 7;

const url = process.env.TEST_DATABASE_URL;
if (!url)
  console.warn(
    '⚠ Several-nodes test SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL to a server where the user may create databases).',
  );

describe.skipIf(!url)('two API and two worker processes on one PostgreSQL, one of each killed', () => {
  const name = `watchfloor_nodes_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let database: Database;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const address = new URL(url!);
    address.pathname = `/${name}`;
    databaseUrl = address.href;
    database = await openDatabase({ databaseUrl, dataDir: '' });
  }, 120_000);

  afterAll(async () => {
    await stopAll();
    await database?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await database.db.execute(query));

  it('loses no acknowledged write, runs no job twice, and takes up the dead worker’s jobs', {
    timeout: 240_000,
  }, async () => {
    const began = Date.now();
    const step = (what: string) => console.log(`${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
    const fixtures = await insertFixtures(database.db);
    const env = { JOB_LEASE_SECONDS: String(LEASE_SECONDS) };
    const started = await Promise.all([
      startNode('api-1', 'api', databaseUrl, env),
      startNode('api-2', 'api', databaseUrl, env),
      startNode('worker-1', 'worker', databaseUrl, env),
      startNode('worker-2', 'worker', databaseUrl, env),
    ]);
    step('two API and two worker processes started');
    const [api1, api2, , worker2] = started as [NodeProcess, NodeProcess, NodeProcess, NodeProcess];
    const client = new RoundRobinClient([api1.base, api2.base]);
    const analystToken = (await (await SessionTokens.create(database.db)).issue(fixtures.analyst.contactId))
      .access_token;
    const world = await worldOf(client, analystToken, fixtures.acme.customerId, [
      api1.syslogPort,
      api2.syslogPort,
    ]);

    step(`${world.agents.length} agents enrolled`);
    let stop = false;
    const done = nothingAcknowledged(world.syslogPorts);
    const load = runMixedLoad(world, done, () => stop);
    await waitFor(() => done.requests >= REQUESTS_EACH_SIDE, 60_000);
    step(`${done.requests} requests answered`);
    // Kill the worker while it holds a job when it can be caught at it, so its lease is tested.
    const deadWorker = `${hostname()}:${worker2.pid}:`;
    await waitFor(
      async () =>
        (
          await rows(
            sql`select id from jobs where locked_by like ${`${deadWorker}%`} and done_at is null and locked_at is not null`,
          )
        ).length > 0,
      5_000,
    );
    await Promise.all([api2.kill(), worker2.kill()]);
    const killedAt = Date.now();
    step('killed one API and one worker');
    const held = await rows<{ id: number; locked_at: Date }>(
      sql`select id, locked_at from jobs where locked_by like ${`${deadWorker}%`} and done_at is null and locked_at is not null`,
    );
    const answeredAtKill = done.requests;
    await waitFor(() => done.requests >= answeredAtKill + REQUESTS_EACH_SIDE, 60_000);
    stop = true;
    await load;
    step(`load stopped after ${done.requests} requests`);

    // Clients: no server error anywhere, and failures only on the dead node, at most one per actor.
    expect(client.serverErrors).toEqual([]);
    expect(
      client.failures.every((f) => f.node === api2.base),
      JSON.stringify(client.failures),
    ).toBe(true);
    expect(client.failures.length).toBeLessThanOrEqual(ACTORS);
    expect(done.requests).toBeGreaterThanOrEqual(answeredAtKill + REQUESTS_EACH_SIDE);

    await expectWritesKept(done, api1.syslogPort);
    // The dead worker's jobs: taken up by the other worker within the lease (and the poll after it).
    await waitFor(async () => (await unfinished(held.map((h) => h.id))) === 0, LEASE_SECONDS * 1000 + 10_000);
    expect(await unfinished(held.map((h) => h.id))).toBe(0);
    for (const job of held) {
      const [after] = await rows<{ locked_by: string; done_at: Date }>(
        sql`select locked_by, done_at from jobs where id = ${job.id}`,
      );
      expect(after!.locked_by.startsWith(deadWorker)).toBe(false);
      expect(new Date(after!.done_at).getTime() - new Date(job.locked_at).getTime()).toBeLessThan(
        (LEASE_SECONDS + 10) * 1000,
      );
    }
    // Every search asked for ran to its end, or was cancelled by the same analyst's next search
    // (one running search a person): none left running or failed. Every job ran once, except
    // those the dead worker held.
    const unsettled = sql`select id, status from search_jobs where id = any(${arrayOf(done.searches)}::uuid[]) and status not in ('done', 'cancelled')`;
    await waitFor(async () => (await rows(unsettled)).length === 0, LEASE_SECONDS * 1000 + 10_000);
    expect(await rows(unsettled)).toEqual([]);
    const finished = await rows(
      sql`select 1 from search_jobs where id = any(${arrayOf(done.searches)}::uuid[]) and status = 'done'`,
    );
    expect(finished.length).toBeGreaterThan(0);
    const twice = await rows<{ id: number; kind: string; attempts: number }>(
      sql`select id, kind, attempts from jobs where attempts > 1 and not (id = any(${arrayOf(held.map((h) => h.id))}::bigint[]))`,
    );
    expect(twice).toEqual([]);
    const scheduledTwice = await rows(
      sql`select kind, run_at, count(*) from jobs where singleton_key = 'schedule' group by kind, run_at having count(*) > 1`,
    );
    expect(scheduledTwice).toEqual([]);
    console.log(
      `several nodes: ${done.requests} requests answered, ${client.failures.length} failed in flight on the killed API, ` +
        `${held.length} job(s) held by the killed worker taken up ${held.length ? 'again' : '(none held at the kill)'}; ` +
        `${Date.now() - killedAt} ms from the kill to the end of the checks`,
    );
  });

  async function unfinished(ids: number[]) {
    return (await rows(sql`select 1 from jobs where id = any(${arrayOf(ids)}::bigint[]) and done_at is null`))
      .length;
  }

  async function expectWritesKept(done: Acknowledged, survivorSyslog: number) {
    const alerts = await rows<{ id: number; status: string; version: number }>(
      sql`select id, status, version from alerts where id = any(${arrayOf([...done.alerts.keys()])}::bigint[])`,
    );
    expect(alerts.length).toBe(done.alerts.size);
    for (const alert of alerts) {
      const acked = done.alerts.get(Number(alert.id))!;
      // A change answered is there; one in flight when its node died may be there too (a later version).
      expect(alert.version).toBeGreaterThanOrEqual(acked.version);
      if (alert.version === acked.version) expect(alert.status).toBe(acked.status);
    }
    const agents = await rows<{ agent_id: string; heartbeat_at: Date }>(
      sql`select agent_id, heartbeat_at from agents where agent_id = any(${arrayOf([...done.checkIns.keys()])}::uuid[])`,
    );
    for (const agent of agents)
      expect(new Date(agent.heartbeat_at).getTime()).toBeGreaterThanOrEqual(
        done.checkIns.get(agent.agent_id)! - 1000,
      );
    const stored = await rows<{ message: string }>(
      sql`select message from log_events where message like 'scale-http-%'`,
    );
    const storedSet = new Set(stored.map((s) => s.message));
    expect(done.ingested.filter((m) => !storedSet.has(m))).toEqual([]);
    // Syslog has no answer: what was written to the surviving node must arrive.
    const sent = done.syslog.get(survivorSyslog)!;
    await waitFor(
      async () =>
        (await rows(sql`select 1 from log_events where message like ${`scale-syslog-${survivorSyslog}-%`}`))
          .length >= sent.length,
      10_000,
    );
    const arrived = await rows<{ message: string }>(
      sql`select message from log_events where message like ${`scale-syslog-${survivorSyslog}-%`}`,
    );
    const arrivedSet = new Set(arrived.map((a) => a.message));
    expect(sent.filter((m) => !arrivedSet.has(m))).toEqual([]);
  }
});

/** A PostgreSQL array literal of ids (numbers, UUIDs), one parameter however many there are. */
const arrayOf = (ids: readonly (number | string)[]) => `{${ids.join(',')}}`;

/** Polls until `ready` says so or `withinMs` passes; answers whether it did. */
async function waitFor(ready: () => boolean | Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await ready()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
