import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, mailOutbox } from '../../../src/server/db/schema/index.ts';
import { queueMail } from '../../../src/server/mail/outbox.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { insertOutsiders } from './admin-tenancy.ts';

const OUTBOX = '/api/admin/v1/outbox';
const JOBS = '/api/admin/v1/jobs';
const SECRET_LINK = 'https://console.test/invite?token=s3cret-invitation-token';

describe.each(backends())('the outbox and background jobs for administrators, on %s', (backend) => {
  let t: TestApp;
  let outsiders: Awaited<ReturnType<typeof insertOutsiders>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    outsiders = await insertOutsiders(t);
    const db = t.database.db;
    await queueMail(db, { to: ['new@acme.test'], subject: 'You are invited', text: `Open ${SECRET_LINK}` });
    await queueMail(db, {
      to: ['ops@test.example'],
      subject: 'Export ready',
      text: 'Download it',
      html: `<a href="${SECRET_LINK}">`,
      attachments: [
        { filename: 'monthly.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 report') },
        { filename: 'logo.png', contentType: 'image/png', content: Buffer.alloc(1000, 7) },
      ],
    });
    await queueMail(db, { to: ['gone@nowhere.test'], subject: 'Alert assigned', text: SECRET_LINK });
    const [, sent, failed] = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
      .where(eq(mailOutbox.id, sent!.id));
    await db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
      .where(eq(mailOutbox.id, failed!.id));
    const now = new Date();
    const rows = await db
      .insert(jobs)
      .values([
        { kind: 'scan-lookalikes', runAt: now, lockedBy: 'worker-1', lockedAt: now, attempts: 1 },
        {
          kind: 'fetch-threat-feeds',
          runAt: now,
          attempts: 5,
          doneAt: now,
          deadAt: now,
          lastError: 'feed answered 503',
        },
        { kind: 'expire-mutes', runAt: now, attempts: 1, doneAt: now },
        // A failed run of a schedule whose next run is already waiting.
        {
          kind: 'agent-housekeeping',
          singletonKey: 'schedule',
          attempts: 3,
          doneAt: now,
          deadAt: now,
          lastError: 'boom',
        },
        { kind: 'agent-housekeeping', singletonKey: 'schedule', runAt: now },
      ])
      .returning();
    for (const row of rows) ids[row.kind + (row.deadAt ? ':dead' : '')] ??= row.id;
    // Each queued mail came with its delivery job.
    const [delivery] = await db.select().from(jobs).where(eq(jobs.kind, 'deliver-mail')).orderBy(jobs.id);
    ids['deliver-mail'] = delivery!.id;
  });
  afterAll(() => t.close());

  it('fills in the provider of mail and jobs queued without one: the deployment’s', async () => {
    const db = t.database.db;
    for (const row of await db.select({ partnerId: mailOutbox.partnerId }).from(mailOutbox))
      expect(row.partnerId).toBe(t.fixtures.partner.partnerId);
    for (const row of await db.select({ partnerId: jobs.partnerId }).from(jobs))
      expect(row.partnerId).toBe(t.fixtures.partner.partnerId);
  });

  it('shows each provider’s administrators their own mail and jobs only', async () => {
    const db = t.database.db;
    const other = outsiders.other.partnerId;
    await queueMail(db, {
      to: ['ceo@other.test'],
      subject: 'Other provider mail',
      text: 'x',
      partnerId: other,
    });
    const [otherJob] = await db
      .insert(jobs)
      .values({
        kind: 'other-provider-work',
        partnerId: other,
        attempts: 5,
        doneAt: new Date(),
        deadAt: new Date(),
      })
      .returning();
    const subjects = async (user: Parameters<TestApp['as']>[0]) =>
      (await t.as(user, { url: OUTBOX })).json().messages.map((m: { subject: string }) => m.subject);
    const kinds = async (user: Parameters<TestApp['as']>[0]) =>
      (await t.as(user, { url: JOBS })).json().jobs.map((j: { kind: string }) => j.kind);
    expect(await subjects(t.fixtures.admin)).not.toContain('Other provider mail');
    expect(await subjects(outsiders.otherAdmin)).toEqual(['Other provider mail']);
    expect(await kinds(t.fixtures.admin)).not.toContain('other-provider-work');
    // Theirs: the job they see fail, and the delivery of their mail, filed under their provider too.
    expect(await kinds(outsiders.otherAdmin)).toEqual(['other-provider-work', 'deliver-mail']);
    const foreign = await t.as(t.fixtures.admin, { method: 'POST', url: `${JOBS}/${otherJob!.id}/retry` });
    expect(foreign.statusCode).toBe(404);
    expect((await t.as(t.fixtures.admin, { url: `${JOBS}/${otherJob!.id}` })).statusCode).toBe(404);
    const [still] = await db.select().from(jobs).where(eq(jobs.id, otherJob!.id));
    expect(still!.deadAt).not.toBeNull();
    const own = await t.as(outsiders.otherAdmin, { method: 'POST', url: `${JOBS}/${otherJob!.id}/retry` });
    expect(own.statusCode).toBe(200);
    await db.delete(jobs).where(eq(jobs.id, otherJob!.id));
  });

  it('files mail queued by a request under the caller’s provider', async () => {
    const invited = await t.as(outsiders.otherAdmin, {
      method: 'POST',
      url: '/api/management/contacts',
      payload: {
        email: 'new@initech-other.test',
        role_level: 'Customer',
        valid_customer_ids: [outsiders.otherCustomer.customerId],
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const recipients = async (user: Parameters<TestApp['as']>[0]) =>
      (await t.as(user, { url: OUTBOX }))
        .json()
        .messages.flatMap((m: { recipients: string[] }) => m.recipients);
    expect(await recipients(outsiders.otherAdmin)).toContain('new@initech-other.test');
    expect(await recipients(t.fixtures.admin)).not.toContain('new@initech-other.test');
  });

  it('answers only the provider’s administrators', async () => {
    for (const url of [OUTBOX, JOBS]) {
      expect((await t.as(null, { url })).statusCode).toBe(401);
      for (const user of [t.fixtures.analyst, t.fixtures.acmeUser, outsiders.acmeAdmin])
        expect((await t.as(user, { url })).statusCode).toBe(403);
    }
    const retry = await t.as(outsiders.acmeAdmin, {
      method: 'POST',
      url: `${JOBS}/${ids['fetch-threat-feeds:dead']}/retry`,
    });
    expect(retry.statusCode).toBe(403);
  });

  it('lists mail queued, sent and failed with its error, and never a body or its links', async () => {
    const response = await t.as(t.fixtures.admin, { url: OUTBOX });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('s3cret');
    const { messages } = response.json() as { messages: Record<string, unknown>[] };
    expect(messages.map((m) => [m.subject, m.status])).toEqual([
      ['Alert assigned', 'failed'],
      ['Export ready', 'sent'],
      ['You are invited', 'queued'],
    ]);
    expect(messages[0]).toMatchObject({
      recipients: ['gone@nowhere.test'],
      attempts: 8,
      last_error: '550 mailbox unavailable',
    });
    expect(messages[1]!.sent_at).not.toBeNull();
    // The attachments by name, type and size (decoded bytes), never their content.
    expect(messages[1]!.attachments).toEqual([
      { name: 'monthly.pdf', content_type: 'application/pdf', size: 15 },
      { name: 'logo.png', content_type: 'image/png', size: 1000 },
    ]);
    expect(messages[0]!.attachments).toEqual([]);
    expect(response.body).not.toContain(Buffer.from('%PDF-1.7 report').toString('base64'));
    expect(Object.keys(messages[0]!)).not.toContain('text');
    const failed = await t.as(t.fixtures.admin, { url: OUTBOX, query: { status: 'failed' } });
    expect(failed.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['Alert assigned']);
    const paged = await t.as(t.fixtures.admin, { url: OUTBOX, query: { batch_size: '2' } });
    const next = await t.as(t.fixtures.admin, {
      url: OUTBOX,
      query: { batch_size: '2', search_after: paged.json().search_after },
    });
    expect(next.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['You are invited']);
    expect((await t.as(t.fixtures.admin, { url: OUTBOX, query: { status: 'lost' } })).statusCode).toBe(400);
  });

  it('lists jobs by state: queued, running, failed with the error, done', async () => {
    const kinds = async (state: string) =>
      (await t.as(t.fixtures.admin, { url: JOBS, query: { state } }))
        .json()
        .jobs.map((j: { kind: string }) => j.kind);
    // The sent and failed mail's jobs are still queued here: the test set the rows' status by hand.
    expect(await kinds('queued')).toEqual([
      'agent-housekeeping',
      'deliver-mail',
      'deliver-mail',
      'deliver-mail',
    ]);
    expect(await kinds('running')).toEqual(['scan-lookalikes']);
    expect(await kinds('failed')).toEqual(['agent-housekeeping', 'fetch-threat-feeds']);
    expect(await kinds('done')).toEqual(['expire-mutes']);
    const all = (await t.as(t.fixtures.admin, { url: JOBS })).json().jobs as Record<string, unknown>[];
    const feeds = all.find((j) => j.kind === 'fetch-threat-feeds')!;
    expect(feeds).toMatchObject({
      state: 'failed',
      attempts: 5,
      last_error: 'feed answered 503',
      done_at: null,
    });
    expect(Object.keys(feeds)).not.toContain('payload');
  });

  it('retries a failed job from its first attempt, and audits it', async () => {
    const id = ids['fetch-threat-feeds:dead']!;
    const response = await t.as(t.fixtures.admin, { method: 'POST', url: `${JOBS}/${id}/retry` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, state: 'queued', attempts: 0, failed_at: null });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ doneAt: null, deadAt: null, attempts: 0 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      action: 'retry',
      entityId: String(id),
      actorId: t.fixtures.admin.contactId,
    });
  });

  it('refuses to retry a job that has not failed, one that does not exist, or a schedule already waiting', async () => {
    const queued = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: `${JOBS}/${ids['deliver-mail']}/retry`,
    });
    expect(queued.statusCode).toBe(409);
    expect(queued.json().error.message).toBe('Only a failed job can be retried.');
    const missing = await t.as(t.fixtures.admin, { method: 'POST', url: `${JOBS}/999999/retry` });
    expect(missing.statusCode).toBe(404);
    const waiting = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: `${JOBS}/${ids['agent-housekeeping:dead']}/retry`,
    });
    expect(waiting.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, ids['agent-housekeeping:dead']!));
    expect(row!.deadAt).not.toBeNull();
  });
});
