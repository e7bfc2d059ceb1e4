import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { RUN_SCHEDULES_JOB } from '../../../src/server/areas/reports/jobs.ts';
import { RENDER_REPORT_JOB } from '../../../src/server/areas/reports/runs.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import {
  jobs,
  logExports,
  mailOutbox,
  reportRuns,
  reportSchedules,
} from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { runUntilStoppedAndKill } from '../../helpers/child-process.ts';
import { type Backend, backends, databaseForProcesses } from '../../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../../helpers/fixtures.ts';

const LEASE_MS = 5 * 60_000;
const worker = new URL('../../helpers/run-jobs-and-die.ts', import.meta.url);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A worker process runs `kinds` until the transaction that mails, `inside` or `after` its commit, and is killed there. */
const killAtTheMail = (where: string, kinds: string[], when: 'inside' | 'after', offsetMs: number) =>
  runUntilStoppedAndKill(worker, [where, kinds.join(','), when, String(offsetMs)]);

/** The API in this process, to set the scene as people do; it runs no jobs. */
async function asPeople(database: Database, work: (call: Caller) => Promise<void>) {
  const app = await buildApp(
    loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' }),
    database,
    {
      logger: false,
    },
  );
  await app.ready();
  try {
    await work(async (user, method, url, payload, authorization) =>
      app.inject({
        method,
        url,
        payload: payload as never,
        headers: {
          authorization:
            authorization ?? `Bearer ${(await app.sessionTokens.issue(user.contactId)).access_token}`,
          'x-xsrf-token': 'crash',
          cookie: 'XSRF-TOKEN=crash',
        },
      }),
    );
  } finally {
    await app.close();
  }
}
type Caller = (
  user: { contactId: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  authorization?: string,
) => Promise<{ statusCode: number; body: string; json(): { id: string; token: string } }>;

/**
 * Sets the scene with `prepare`, then: a worker killed inside the mailing transaction, a second
 * (once the first's lease ran out) killed after it committed but before its job was marked done,
 * and a survivor that takes the job up once more. `between` looks at the data after each kill.
 */
async function killTwiceThenSurvive(
  backend: Backend,
  label: string,
  kinds: string[],
  prepare: (db: Db, f: Fixtures, database: Database) => Promise<void>,
  between: (db: Db, after: 'inside' | 'after') => Promise<void>,
  finished: (db: Db) => Promise<void>,
) {
  const place = await databaseForProcesses(backend, label);
  let database: Database | undefined;
  const reopen = async () => {
    if (backend === 'pglite') database = await place.open();
    return database!.db;
  };
  const letGo = async () => {
    // PGlite is one process's at a time: let the worker have the directory.
    if (backend === 'pglite') await database!.close();
  };
  try {
    database = await place.open();
    await prepare(database.db, await insertFixtures(database.db), database);
    await letGo();
    expect(await killAtTheMail(place.where, kinds, 'inside', 0)).toBe('stopped');
    await between(await reopen(), 'inside');
    await letGo();
    expect(await killAtTheMail(place.where, kinds, 'after', LEASE_MS + 10_000)).toBe('stopped');
    const db = await reopen();
    await between(db, 'after');
    await runDueJobs(db, {
      workerId: 'survivor',
      pollMs: 5,
      handlers: Object.fromEntries(kinds.map((kind) => [kind, JOB_HANDLERS[kind]!])),
      schedules: [],
      log: quiet,
      now: () => new Date(Date.now() + 2 * LEASE_MS + 20_000),
    });
    const left = await db.select({ kind: jobs.kind, doneAt: jobs.doneAt }).from(jobs);
    expect(left.filter((j) => kinds.includes(j.kind) && j.doneAt === null)).toEqual([]);
    await finished(db);
  } finally {
    await database?.close().catch(() => undefined);
    await place.drop();
  }
}

describe.each(backends())('mailed jobs killed mid-way, on %s', (backend) => {
  it('finishes an interrupted export with one complete file and one mail; no half file is kept', {
    timeout: 600_000,
  }, async () => {
    let exportId = '';
    await killTwiceThenSurvive(
      backend,
      'export-crash',
      ['log-export'],
      async (_db, f, database) =>
        asPeople(database, async (call) => {
          const token = await call(f.analyst, 'POST', '/api/search/v1/ingest-tokens', {
            customer_id: f.acme.customerId,
            name: 'Crash shipper',
            source: 'windows',
          });
          expect(token.statusCode, token.body).toBe(201);
          const events = Array.from({ length: 30 }, (_, i) => ({
            '@timestamp': new Date(Date.now() - i * 1000).toISOString(),
            host: 'ACME-DC',
            message: `crash export ${i}`,
          }));
          const ingested = await call(
            f.analyst,
            'POST',
            '/api/ingest/v1/events',
            events,
            `Bearer ${token.json().token}`,
          );
          expect(ingested.statusCode, ingested.body).toBe(200);
          const search = await call(f.analyst, 'POST', '/api/search/v1/search/', {
            search: { search_term: 'crash' },
          });
          expect(search.statusCode, search.body).toBe(201);
          const queued = await call(f.analyst, 'POST', `/api/search/v1/export/${search.json().id}`, {
            mode: 'csv',
            size: 100,
            fields: ['host', 'message'],
            emails: ['soc@example.com'],
          });
          expect(queued.statusCode, queued.body).toBe(202);
          exportId = queued.json().id;
        }),
      async (db, after) => {
        const [row] = await db.select().from(logExports).where(eq(logExports.id, exportId));
        const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox);
        if (after === 'inside') {
          // Killed before the file was kept: nothing half-written, nothing mailed.
          expect(row).toMatchObject({ status: 'queued', content: null, sha256: null, rowCount: null });
          expect(mails).toHaveLength(0);
        } else {
          expect(row!.status).toBe('ready');
          expect(mails).toHaveLength(1);
        }
      },
      async (db) => {
        const [row] = await db.select().from(logExports).where(eq(logExports.id, exportId));
        expect(row).toMatchObject({ status: 'ready', rowCount: 30 });
        const text = gunzipSync(row!.content!).toString('utf8');
        expect(text.trim().split('\r\n')).toHaveLength(31);
        expect(createHash('sha256').update(text).digest('hex')).toBe(row!.sha256);
        const mails = await db.select({ text: mailOutbox.text }).from(mailOutbox);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toContain(exportId);
      },
    );
  });

  it('retries an interrupted scheduled run and mails its PDF once', { timeout: 600_000 }, async () => {
    await killTwiceThenSurvive(
      backend,
      'schedule-crash',
      [RUN_SCHEDULES_JOB, RENDER_REPORT_JOB],
      async (db, f, database) => {
        let reportId = '';
        await asPeople(database, async (call) => {
          const created = await call(f.acmeUser, 'POST', '/api/ngreports/v0/reports/', {
            name: 'Monthly review',
            scope: 'customer',
            customer_id: f.acme.customerId,
            target: 'month',
            document: { components: [{ type: 'section', section: 'kpis' }] },
          });
          expect(created.statusCode, created.body).toBe(201);
          reportId = created.json().id;
        });
        await db.insert(reportSchedules).values({
          partnerId: f.partner.partnerId,
          customerId: f.acme.customerId,
          reportId,
          ownerId: f.acmeUser.contactId,
          frequency: 'monthly',
          timeZone: 'UTC',
          recipients: ['soc@example.com'],
          nextRunAt: new Date(Date.now() - 60_000),
        });
        await enqueueJob(db, RUN_SCHEDULES_JOB);
      },
      async (db, after) => {
        const runs = await db.select({ status: reportRuns.status }).from(reportRuns);
        const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox);
        const [schedule] = await db.select().from(reportSchedules);
        // The schedule started its run once and moved on to its next date.
        expect(runs).toHaveLength(1);
        expect(schedule!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
        expect(runs[0]!.status).toBe(after === 'inside' ? 'running' : 'sent');
        expect(mails).toHaveLength(after === 'inside' ? 0 : 1);
      },
      async (db) => {
        const runs = await db.select().from(reportRuns);
        expect(runs).toHaveLength(1);
        expect(runs[0]!.status).toBe('sent');
        expect(runs[0]!.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
        const mails = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox);
        expect(mails).toHaveLength(1);
        expect((mails[0]!.attachments as { content_type: string }[]).map((a) => a.content_type)).toEqual([
          'application/pdf',
        ]);
      },
    );
  });
});
