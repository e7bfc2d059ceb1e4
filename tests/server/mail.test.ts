import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs, mailOutbox } from '../../src/server/db/schema/index.ts';
import { APP_ROLE } from '../../src/server/db/tenancy.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { deliverDueMail, queueMail } from '../../src/server/mail/outbox.ts';
import {
  folderTransport,
  type MailTransport,
  mailTransportFor,
  type OutgoingMail,
} from '../../src/server/mail/transport.ts';
import { backends, freshDatabase } from '../helpers/database.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

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

  it('keeps mail only when the change that queued it is kept', async () => {
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
  });

  it('delivers queued mail to the local outbox as a message file a mail client opens', async () => {
    await queueMail(db(), {
      to: ['analyst@acme.example'],
      subject: 'Your agent installer is ready',
      text: 'Download it within 24 hours.',
    });
    const transport = folderTransport(folder, 'Watchfloor <no-reply@localhost>');
    expect(await deliverDueMail(db(), transport)).toEqual({ sent: 1, retrying: 0, failed: 0 });
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
    // Sent once: a second pass finds nothing due.
    expect(await deliverDueMail(db(), transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('retries after a backoff while the server is down, sends once it is back, and gives up after the last attempt', async () => {
    const transport = flakyTransport();
    transport.down = true;
    await queueMail(db(), { to: ['a@acme.example'], subject: 'One', text: '1' });
    const t0 = new Date();
    const backoffMs = () => 60_000;
    expect(await deliverDueMail(db(), transport, { now: t0, backoffMs })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    let [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    // Not due again before its backoff.
    transport.down = false;
    expect(
      await deliverDueMail(db(), transport, { now: new Date(t0.getTime() + 30_000), backoffMs }),
    ).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(
      await deliverDueMail(db(), transport, { now: new Date(t0.getTime() + 61_000), backoffMs }),
    ).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(transport.sent.map((m) => m.subject)).toEqual(['One']);

    await db().delete(mailOutbox);
    transport.down = true;
    await queueMail(db(), { to: ['b@acme.example'], subject: 'Two', text: '2' });
    let now = t0.getTime();
    const outcomes = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      now += 61_000;
      outcomes.push(await deliverDueMail(db(), transport, { now: new Date(now), backoffMs, maxAttempts: 3 }));
    }
    expect(outcomes.map((o) => o.failed)).toEqual([0, 0, 1]);
    [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await deliverDueMail(db(), transport, { now: new Date(now + 3_600_000) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it('claims a message once: a second worker at the same moment does not send it again', async () => {
    for (const n of [1, 2, 3])
      await queueMail(db(), { to: [`${n}@acme.example`], subject: `M${n}`, text: '' });
    const transport = flakyTransport();
    await Promise.all([deliverDueMail(db(), transport), deliverDueMail(db(), transport)]);
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(['M1', 'M2', 'M3']);
  });

  it('lets request work add mail but not read the outbox', async () => {
    await db().transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await queueMail(tx, {
        to: ['user@acme.example'],
        subject: 'From a request',
        text: 'queued as the app role',
      });
    });
    const refusal = await db()
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        await tx.select().from(mailOutbox);
      })
      .then(
        () => null,
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );
    expect(refusal).toBe('42501');
    expect(await db().select({ subject: mailOutbox.subject }).from(mailOutbox)).toEqual([
      { subject: 'From a request' },
    ]);
  });

  it('is delivered by the deliver-mail job the server schedules', async () => {
    await queueMail(db(), { to: ['ops@acme.example'], subject: 'Scheduled', text: 'x' });
    const transport = flakyTransport();
    // The server's handlers and schedules: the first pass adds the run at the next minute.
    await runDueJobs(db(), { workerId: 'w1', pollMs: 10, log: quiet, mail: transport });
    expect(transport.sent).toEqual([]);
    const nextMinute = new Date(Date.now() + 60_000);
    await runDueJobs(db(), {
      workerId: 'w1',
      pollMs: 10,
      log: quiet,
      mail: transport,
      now: () => nextMinute,
    });
    expect(transport.sent.map((m) => m.to)).toEqual([['ops@acme.example']]);
  });
});
