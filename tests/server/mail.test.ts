import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { jobs, mailOutbox } from '../../src/server/db/schema/index.ts';
import { APP_ROLE } from '../../src/server/db/tenancy.ts';
import type { Db } from '../../src/server/db/types.ts';
import { requeueDeadJob } from '../../src/server/jobs/queue.ts';
import { laneHandlers } from '../../src/server/jobs/registry.ts';
import { type JobRunnerOptions, runDueJobs } from '../../src/server/jobs/runner.ts';
import { REQUEUE_LOST_MAIL_JOB } from '../../src/server/mail/jobs.ts';
import { DELIVER_MAIL_JOB, MAIL_ATTEMPTS, queueMail } from '../../src/server/mail/outbox.ts';
import {
  folderTransport,
  type MailTransport,
  mailTransportFor,
  type OutgoingMail,
} from '../../src/server/mail/transport.ts';
import { backends, databaseForProcesses, freshDatabase } from '../helpers/database.ts';
import { insertFixtures } from '../helpers/fixtures.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The mail lane as the server runs it (main.ts), with this transport and, when given, this clock. */
function mailLane(transport: MailTransport, now?: Date | (() => Date)): JobRunnerOptions {
  return {
    workerId: 'mail-worker',
    pollMs: 10,
    handlers: laneHandlers('mail'),
    schedules: [],
    log: quiet,
    mail: transport,
    ...(now && { now: typeof now === 'function' ? now : () => now }),
  };
}

/** Queues mail as request work does: as the app role, in the transaction of the change. */
function queueAsRequest(db: Db, subject: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    await queueMail(tx, { to: ['user@acme.example'], subject, text: 'queued by a request' });
  });
}

const deliveryJobs = (db: Db) =>
  db.select().from(jobs).where(eq(jobs.kind, DELIVER_MAIL_JOB)).orderBy(jobs.id);

/** A transport that fails while `down` is set and remembers what it sent. */
function flakyTransport() {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { down: boolean; sent: OutgoingMail[] } = {
    description: 'test',
    down: false,
    sent,
    async send(mail) {
      if (transport.down) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      sent.push(mail);
      return { messageId: `<${mail.reference}@test>` };
    },
  };
  return transport;
}

describe('mail transport', () => {
  it('is SMTP when SMTP_URL is set, and its description never carries the password', () => {
    const transport = mailTransportFor({
      smtpUrl: 'smtp://mailer:s3cret-pass@mail.example.com:587',
      dataDir: 'memory://',
      mailFrom: 'Watchfloor <no-reply@localhost>',
    });
    expect(transport.description).toBe('smtp://mail.example.com:587');
  });

  it('is the local outbox folder under the data folder otherwise', () => {
    const transport = mailTransportFor({
      smtpUrl: undefined,
      dataDir: '/srv/watchfloor',
      mailFrom: 'Watchfloor <no-reply@localhost>',
    });
    expect(transport.description).toBe(join('/srv/watchfloor', 'outbox'));
  });
});

describe.each(backends())('mail outbox on %s', (backend) => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    database = await freshDatabase(backend);
    // A provider, for mail and jobs to be filed under (the admin retry is per provider).
    await insertFixtures(database.db);
    folder = await mkdtemp(join(tmpdir(), 'watchfloor-mail-test-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(jobs);
  });
  const db = () => database.db;

  it('keeps mail and its delivery job only when the change that queued them is kept', async () => {
    await db()
      .transaction(async (tx) => {
        await queueMail(tx, { to: ['lost@acme.example'], subject: 'Never sent', text: 'rolled back' });
        throw new Error('the change fails');
      })
      .catch(() => {});
    await db().transaction((tx) =>
      queueMail(tx, { to: ['kept@acme.example'], subject: 'Kept', text: 'hello' }),
    );
    const rows = await db().select().from(mailOutbox);
    expect(rows.map((r) => [r.recipients, r.status])).toEqual([[['kept@acme.example'], 'queued']]);
    const queued = await deliveryJobs(db());
    expect(queued.map((j) => [j.payload, j.singletonKey, j.doneAt])).toEqual([
      [{ mail_id: rows[0]!.id }, String(rows[0]!.id), null],
    ]);
  });

  it('delivers queued mail once, in the mail lane, to the local outbox as a message file a mail client opens', async () => {
    await queueMail(db(), {
      to: ['analyst@acme.example'],
      subject: 'Your agent installer is ready',
      text: 'Download it within 24 hours.',
    });
    const transport = folderTransport(folder, 'Watchfloor <no-reply@localhost>');
    expect(await runDueJobs(db(), mailLane(transport))).toBe(1);
    const [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.messageId).toMatch(/^<.+>$/);
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    const eml = await readFile(join(folder, files[0]!), 'utf8');
    expect(eml).toContain('To: analyst@acme.example');
    expect(eml).toContain('From: Watchfloor <no-reply@localhost>');
    expect(eml).toContain('Subject: Your agent installer is ready');
    expect(eml).toContain('Download it within 24 hours.');
    const [job] = await deliveryJobs(db());
    expect(job).toMatchObject({ attempts: 1, deadAt: null, lastError: null });
    expect(job!.doneAt).toBeInstanceOf(Date);
    // Sent once: a second pass finds nothing due, and the other lanes never take mail.
    expect(await runDueJobs(db(), mailLane(transport))).toBe(0);
    expect(await readdir(folder)).toHaveLength(1);
    expect(Object.keys(laneHandlers('background'))).not.toContain(DELIVER_MAIL_JOB);
  });

  it('retries with the runner’s backoff while the server is down and sends once it is back', async () => {
    const transport = flakyTransport();
    transport.down = true;
    await queueMail(db(), { to: ['a@acme.example'], subject: 'One', text: '1' });
    const t0 = new Date(Date.now() + 1000);
    expect(await runDueJobs(db(), mailLane(transport, t0))).toBe(1);
    let [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    let [job] = await deliveryJobs(db());
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job!.lastError).toContain('ECONNREFUSED');
    // The first retry is a minute on; the Outbox screen shows the same time.
    expect(job!.runAt.getTime()).toBe(t0.getTime() + 60_000);
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + 60_000);
    transport.down = false;
    expect(await runDueJobs(db(), mailLane(transport, new Date(t0.getTime() + 30_000)))).toBe(0);
    expect(await runDueJobs(db(), mailLane(transport, new Date(t0.getTime() + 61_000)))).toBe(1);
    [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    [job] = await deliveryJobs(db());
    expect(job).toMatchObject({ attempts: 2, deadAt: null });
    expect(transport.sent.map((m) => m.subject)).toEqual(['One']);
  });

  it('gives up after the last attempt and records the failure on the outbox row and the job', async () => {
    const transport = flakyTransport();
    transport.down = true;
    await queueMail(db(), { to: ['b@acme.example'], subject: 'Two', text: '2' });
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt += 1) {
      const [job] = await deliveryJobs(db());
      expect(job!.doneAt).toBeNull();
      expect(await runDueJobs(db(), mailLane(transport, job!.runAt))).toBe(1);
    }
    const [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAIL_ATTEMPTS,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    const [job] = await deliveryJobs(db());
    expect(job).toMatchObject({ attempts: MAIL_ATTEMPTS });
    expect(job!.deadAt).toBeInstanceOf(Date);
    transport.down = false;
    expect(await runDueJobs(db(), mailLane(transport, new Date(Date.now() + 30 * 86_400_000)))).toBe(0);
    expect(transport.sent).toEqual([]);
    // An administrator retries the failed job (the Jobs screen): the mail goes out after all.
    const partner = job!.partnerId!;
    expect(await requeueDeadJob(db(), job!.id, partner, async () => {})).toHaveProperty('job');
    expect(await runDueJobs(db(), mailLane(transport))).toBe(1);
    expect(transport.sent.map((m) => m.subject)).toEqual(['Two']);
    const [resent] = await db().select().from(mailOutbox);
    expect(resent).toMatchObject({ status: 'sent', attempts: MAIL_ATTEMPTS + 1, lastError: null });
  });

  it('sends each message once when two workers run at the same moment', async () => {
    for (const n of [1, 2, 3])
      await queueMail(db(), { to: [`${n}@acme.example`], subject: `M${n}`, text: '' });
    const transport = flakyTransport();
    await Promise.all([
      runDueJobs(db(), { ...mailLane(transport), workerId: 'a' }),
      runDueJobs(db(), { ...mailLane(transport), workerId: 'b' }),
    ]);
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(['M1', 'M2', 'M3']);
  });

  it('lets request work add mail and its delivery job, but read neither, nor add other jobs', async () => {
    await queueAsRequest(db(), 'From a request');
    const refusal = (read: (tx: Db) => Promise<unknown>) =>
      db()
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
          await read(tx);
        })
        .then(
          () => null,
          (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
        );
    expect(await refusal((tx) => tx.select().from(mailOutbox))).toBe('42501');
    expect(await refusal((tx) => tx.select().from(jobs))).toBe('42501');
    expect(await refusal((tx) => tx.insert(jobs).values({ kind: 'vacuum-analyze' }))).toBe('42501');
    expect(await db().select({ subject: mailOutbox.subject }).from(mailOutbox)).toEqual([
      { subject: 'From a request' },
    ]);
    const transport = flakyTransport();
    await runDueJobs(db(), mailLane(transport));
    expect(transport.sent.map((m) => m.subject)).toEqual(['From a request']);
  });

  it('queues a delivery again for waiting mail whose job was lost, and only for that', async () => {
    await queueMail(db(), { to: ['x@acme.example'], subject: 'Lost job', text: 'x' });
    await queueMail(db(), { to: ['y@acme.example'], subject: 'Has its job', text: 'y' });
    const rows = await db().select().from(mailOutbox).orderBy(mailOutbox.id);
    await db()
      .delete(jobs)
      .where(eq(jobs.singletonKey, String(rows[0]!.id)));
    // The sweep's run, alone: it queues a job for the lost one and none more for the other.
    await db().insert(jobs).values({ kind: REQUEUE_LOST_MAIL_JOB });
    const sweep = { [REQUEUE_LOST_MAIL_JOB]: laneHandlers('mail')[REQUEUE_LOST_MAIL_JOB]! };
    const transport = flakyTransport();
    expect(await runDueJobs(db(), { ...mailLane(transport), handlers: sweep })).toBe(1);
    const pending = (await deliveryJobs(db())).filter((j) => j.doneAt === null);
    expect(pending.map((j) => j.singletonKey).sort()).toEqual(rows.map((r) => String(r.id)).sort());
    await runDueJobs(db(), mailLane(transport));
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(['Has its job', 'Lost job']);
  });
});

describe.each(backends())('mail across a restart, on %s', (backend) => {
  it('sends mail queued before a worker died mid-send once the server is back', {
    timeout: 120_000,
  }, async () => {
    const place = await databaseForProcesses(backend, 'mail-restart');
    let database: Database | undefined;
    try {
      // PGlite starts from the migrated snapshot rather than migrating its folder in WebAssembly.
      database =
        backend === 'pglite'
          ? await openDatabase({
              dataDir: place.where,
              snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]),
            })
          : await place.open();
      await queueAsRequest(database.db, 'Survives a restart');
      // The worker takes the job and dies while the SMTP server has the message.
      const hanging: MailTransport = { description: 'hangs', send: () => new Promise(() => {}) };
      const claimedAt = new Date();
      void runDueJobs(database.db, { ...mailLane(hanging, claimedAt), leaseMs: 60_000 });
      await expect.poll(async () => (await database!.db.select().from(mailOutbox))[0]?.attempts).toBe(1);
      await database.close();

      database = await place.open();
      const transport = flakyTransport();
      const options = { ...mailLane(transport), leaseMs: 60_000 };
      // Its job is held until the lease runs out, then another worker sends the mail.
      expect(
        await runDueJobs(database.db, { ...options, now: () => new Date(claimedAt.getTime() + 30_000) }),
      ).toBe(0);
      expect(
        await runDueJobs(database.db, { ...options, now: () => new Date(claimedAt.getTime() + 61_000) }),
      ).toBe(1);
      expect(transport.sent.map((m) => m.subject)).toEqual(['Survives a restart']);
      const [row] = await database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(
        await runDueJobs(database.db, { ...options, now: () => new Date(claimedAt.getTime() + 3_600_000) }),
      ).toBe(0);
      expect(transport.sent).toHaveLength(1);
    } finally {
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
