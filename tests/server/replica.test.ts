import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { replicaRouter } from '../../src/server/db/replica.ts';
import { alerts, customers, logUsage } from '../../src/server/db/schema/index.ts';
import { resultRows, withScope } from '../../src/server/db/tenancy.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';
import { freePort } from '../scale/cluster.ts';

/**
 * A real hot standby: TEST_REPLICA_PRIMARY_URL and TEST_REPLICA_URL name a primary and a streaming
 * replica of it (scripts/replica.sh makes the pair; .ci/run sets both), as a role that may create
 * databases. The replica's replay is paused and resumed as the server's superuser `postgres`.
 */
const primaryServer = process.env.TEST_REPLICA_PRIMARY_URL;
const replicaServer = process.env.TEST_REPLICA_URL;
if (!primaryServer || !replicaServer)
  console.warn(
    '⚠ Read replica tests SKIPPED: set TEST_REPLICA_PRIMARY_URL and TEST_REPLICA_URL (scripts/replica.sh start prints them).',
  );

const UNSET = 'postgres://unset.invalid/postgres';

const withDatabase = (server: string, name: string, user?: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  if (user) url.username = user;
  return url.href;
};

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

async function until(ready: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!primaryServer || !replicaServer)('reads on a streaming replica', () => {
  const name = `watchfloor_replica_${randomBytes(6).toString('hex')}`;
  // Collected even when skipped: an address that is never dialled stands in for a missing server.
  const primaryUrl = withDatabase(primaryServer ?? UNSET, name);
  const replicaUrl = withDatabase(replicaServer ?? UNSET, name);
  const replicaAdmin = withDatabase(replicaServer ?? UNSET, name, 'postgres');
  let database: Database;
  let app: FastifyInstance;
  let fixtures: Fixtures;
  const tokenFor = async (user: { contactId: string }) =>
    `Bearer ${(await app.sessionTokens.issue(user.contactId)).access_token}`;

  beforeAll(async () => {
    await query(primaryServer!, `create database ${name}`);
    database = await openDatabase({ databaseUrl: primaryUrl, dataDir: '' });
    fixtures = await insertFixtures(database.db);
    await database.db.insert(alerts).values([
      { customerId: fixtures.acme.customerId, title: 'Acme alert', type: 'edr', priority: 'high' },
      { customerId: fixtures.globex.customerId, title: 'Globex alert', type: 'edr', priority: 'low' },
      { customerId: fixtures.globex.customerId, title: 'Globex alert 2', type: 'edr', priority: 'low' },
    ]);
    await until(
      async () =>
        (await query(replicaAdmin, 'select count(*)::int as n from alerts').catch(() => [{ n: 0 }]))[0].n ===
        3,
      'the replica has the alerts',
    );
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: replicaUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: '1',
    });
    app = await buildApp(config, database, { logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await query(replicaAdmin, 'select pg_wal_replay_resume()').catch(() => undefined);
    await app?.close();
    await database?.close();
    await query(primaryServer!, `drop database if exists ${name} with (force)`);
  });

  it('reads there under the caller’s row-level security, exactly as on the primary', async () => {
    await until(() => app.reads.status().state === 'ok', 'the replica is current');
    const reader = app.reads.reader();
    expect(reader).not.toBe(database.db);
    const seen = async (db: typeof reader, scope: typeof fixtures.acmeUser) =>
      withScope(
        db,
        {
          partnerId: scope.partnerId,
          userId: scope.contactId,
          customerIds: scope.validCustomerIds ?? [],
          global: false,
        },
        async (tx) =>
          resultRows<{ standby: boolean; titles: string[] }>(
            await tx.execute(
              sql`select pg_is_in_recovery() as standby, array_agg(title order by title) as titles from alerts`,
            ),
          )[0]!,
      );
    expect(await seen(reader, fixtures.acmeUser)).toEqual({ standby: true, titles: ['Acme alert'] });
    expect(await seen(database.db, fixtures.acmeUser)).toEqual({ standby: false, titles: ['Acme alert'] });
    expect((await seen(reader, fixtures.globexUser)).titles).toEqual(['Globex alert', 'Globex alert 2']);

    // Through the API: the dashboard's open alerts read on the replica, one customer's only.
    const open = await app.inject({
      url: '/api/dashboard/open-alerts',
      headers: { authorization: await tokenFor(fixtures.acmeUser) },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(JSON.stringify(open.json())).not.toContain(fixtures.globex.customerId);
  });

  it('answers its lag to administrators, and reads the primary while it lags beyond the bound', async () => {
    const status = async () => {
      const answer = await app.inject({
        url: '/api/admin/v1/database',
        headers: { authorization: await tokenFor(fixtures.admin) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    await until(() => app.reads.status().state === 'ok', 'the replica is current');
    expect(await status()).toMatchObject({ kind: 'postgres', replica: { state: 'ok', max_lag_seconds: 1 } });
    const analystAsks = await app.inject({
      url: '/api/admin/v1/database',
      headers: { authorization: await tokenFor(fixtures.analyst) },
    });
    expect(analystAsks.statusCode).toBe(403);

    await query(replicaAdmin, 'select pg_wal_replay_pause()');
    // Writes the replica does not replay while paused: its lag grows past the 1 s bound.
    await database.db
      .insert(alerts)
      .values({ customerId: fixtures.acme.customerId, title: 'New', type: 'edr' });
    await until(() => app.reads.status().state === 'lagging', 'the replica is found lagging');
    expect(app.reads.reader()).toBe(database.db);
    const lagging = await status();
    expect(lagging.replica.state).toBe('lagging');
    expect(lagging.replica.lag_seconds).toBeGreaterThan(1);

    await query(replicaAdmin, 'select pg_wal_replay_resume()');
    await until(() => app.reads.status().state === 'ok', 'the replica has caught up');
    expect(app.reads.reader()).not.toBe(database.db);
  });

  it('reads a report’s figures and a log export on the replica, one customer’s only', async () => {
    await until(() => app.reads.status().state === 'ok', 'the replica is current');
    const replica = app.reads.reader();
    // Which database each read-heavy call was handed: the replica's, while it is current.
    const handed: unknown[] = [];
    const reader = vi.spyOn(app.reads, 'reader').mockImplementation(() => {
      handed.push(replica);
      return replica;
    });
    try {
      const acme = { authorization: await tokenFor(fixtures.acmeUser) };
      const change = { ...acme, 'x-xsrf-token': 'replica', cookie: 'XSRF-TOKEN=replica' };
      const created = await app.inject({
        method: 'POST',
        url: '/api/ngreports/v0/reports/',
        headers: change,
        payload: {
          name: 'Monthly review',
          scope: 'customer',
          customer_id: fixtures.acme.customerId,
          target: 'month',
          document: { components: [{ type: 'section', section: 'kpis' }] },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const target = new Date().toISOString().slice(0, 7);
      const dataOf = (customerId: string, headers: Record<string, string>) =>
        app.inject({
          url: `/api/ngreports/v0/reports/${id}/data?customer_id=${customerId}&target=${target}`,
          headers,
        });
      handed.length = 0;
      const figures = await dataOf(fixtures.acme.customerId, acme);
      expect(figures.statusCode, figures.body).toBe(200);
      expect(handed.length).toBeGreaterThan(0);
      expect(figures.json().sections[0].data).toMatchObject({
        // The high one of the start and the medium one written while replay was paused; none of Globex's.
        alerts: 2,
        by_priority: { high: 1, medium: 1, low: 0 },
      });
      // Another customer's figures stay out of reach on the replica as on the primary.
      expect((await dataOf(fixtures.globex.customerId, acme)).statusCode).toBe(404);

      // A log export, streamed: its pages are read on the replica under the asker's scope.
      const token = await app.inject({
        method: 'POST',
        url: '/api/search/v1/ingest-tokens',
        headers: {
          authorization: await tokenFor(fixtures.analyst),
          'x-xsrf-token': 'replica',
          cookie: 'XSRF-TOKEN=replica',
        },
        payload: { customer_id: fixtures.globex.customerId, name: 'Shipper', source: 'windows' },
      });
      expect(token.statusCode, token.body).toBe(201);
      const ingested = await app.inject({
        method: 'POST',
        url: '/api/ingest/v1/events',
        headers: { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' },
        payload: [
          { '@timestamp': new Date().toISOString(), host: 'GLOBEX-DC', message: 'replicated secret' },
        ],
      });
      expect(ingested.statusCode, ingested.body).toBe(200);
      await until(
        async () =>
          (await query(replicaAdmin, 'select count(*)::int as n from log_events').catch(() => [{ n: 0 }]))[0]
            .n === 1,
        'the replica has the event',
      );
      const exported = async (user: { contactId: string }) => {
        const headers = {
          authorization: await tokenFor(user),
          'x-xsrf-token': 'replica',
          cookie: 'XSRF-TOKEN=replica',
        };
        const search = await app.inject({
          method: 'POST',
          url: '/api/search/v1/search/',
          headers,
          payload: { search: { search_term: 'replicated' } },
        });
        expect(search.statusCode, search.body).toBe(201);
        handed.length = 0;
        const answer = await app.inject({
          method: 'POST',
          url: `/api/search/v1/export/${search.json().id}`,
          headers,
          payload: { mode: 'csv', size: 100, fields: ['host', 'message'] },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(handed.length).toBeGreaterThan(0);
        return answer.body;
      };
      expect(await exported(fixtures.globexUser)).toContain('replicated secret');
      expect(await exported(fixtures.acmeUser)).not.toContain('replicated secret');
    } finally {
      reader.mockRestore();
    }
  });

  it('exports the audit log and compliance data from the replica, and from the primary while it lags', async () => {
    await until(() => app.reads.status().state === 'ok', 'the replica is current');
    const replica = app.reads.reader();
    const { acme } = fixtures;
    const db = database.db;
    await db.update(customers).set({ complianceSku: true }).where(eq(customers.customerId, acme.customerId));
    await db
      .insert(logUsage)
      .values({ customerId: acme.customerId, day: '2026-03-01', source: 'syslog', events: 10, bytes: 1000 });
    await until(
      async () =>
        (await query(replicaAdmin, 'select count(*)::int as n from log_usage').catch(() => [{ n: 0 }]))[0]
          .n === 1,
      'the replica has the usage',
    );
    const compliance = async () => {
      const answer = await app.inject({
        url: `/api/management/customers/${acme.customerId}/compliance-data?from=2026-03-01&to=2026-03-31&format=csv`,
        headers: { authorization: await tokenFor(fixtures.acmeUser) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body;
    };
    /** The audit log's own exports, as the CSV lists them: one line each after the header. */
    const auditExports = async () => {
      const answer = await app.inject({
        url: '/api/admin/v1/audit/export?entity=audit_log',
        headers: { authorization: await tokenFor(fixtures.admin) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body.trim().split('\r\n').length - 1;
    };
    const exportsOnPrimary = async () =>
      resultRows<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from audit_log where entity = 'audit_log'`),
      )[0]!.n;

    // Replay paused: what the primary writes now, the replica has not got.
    await query(replicaAdmin, 'select pg_wal_replay_pause()');
    await db
      .insert(logUsage)
      .values({ customerId: acme.customerId, day: '2026-03-02', source: 'syslog', events: 20, bytes: 2000 });
    // Handed the replica as though it were current: both exports show the replica's rows only.
    const reader = vi.spyOn(app.reads, 'reader').mockImplementation(() => replica);
    try {
      const onReplica = await compliance();
      expect(onReplica).toContain('"2026-03-01"');
      expect(onReplica).not.toContain('"2026-03-02"');
      expect(await auditExports()).toBe(0);
      // The export's own audit entry is written on the primary, before the file is served.
      expect(await exportsOnPrimary()).toBe(1);
      expect(await auditExports()).toBe(0);
      expect(await exportsOnPrimary()).toBe(2);
    } finally {
      reader.mockRestore();
    }

    // Lagging past the bound: the primary answers, with everything written since.
    await until(() => app.reads.status().state === 'lagging', 'the replica is found lagging');
    expect(await compliance()).toContain('"2026-03-02"');
    expect(await auditExports()).toBe(2);
    await query(replicaAdmin, 'select pg_wal_replay_resume()');
    await until(() => app.reads.status().state === 'ok', 'the replica has caught up');
  });

  it('reads the primary when the replica does not answer', async () => {
    const nobody = withDatabase(`postgres://watchfloor_ci@127.0.0.1:${await freePort()}/`, name);
    const router = await replicaRouter(database.db, { url: nobody, maxLagMs: 5000 }, () => undefined);
    try {
      expect(router.status().state).toBe('down');
      expect(router.reader()).toBe(database.db);
    } finally {
      await router.close();
    }
  });
});
