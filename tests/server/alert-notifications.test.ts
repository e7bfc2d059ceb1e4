import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertNotificationQueue, mailOutbox, mutes, users } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { JOB_HANDLERS } from '../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const SETTINGS = '/api/portal/v1/settings/';

describe.each(backends())('alert e-mail notifications on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
  });

  // Only the notification job: the server's schedules would add their own runs.
  const runNotificationJob = async () => {
    await enqueueJob(t.database.db, 'alert-notifications');
    return runDueJobs(t.database.db, {
      workerId: 'test',
      pollMs: 10,
      log: quiet,
      handlers: { 'alert-notifications': JOB_HANDLERS['alert-notifications']! },
      schedules: [],
    });
  };
  const mailsTo = (email: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipients, [email]));
  const prefer = async (user: { contactId: string }, values: Record<string, boolean>) => {
    const response = await t.as(user, { method: 'PUT', url: SETTINGS, payload: values });
    expect(response.statusCode, response.body).toBe(200);
  };
  const testAlert = async (customerId = t.fixtures.acme.customerId) => {
    const response = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/test',
      payload: { customer_id: customerId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number };
  };
  const update = async (user: { contactId: string }, id: number, payload: Record<string, unknown>) => {
    const current = await t.as(user, { url: `/api/alerts/v1/alerts/${id}` });
    const response = await t.as(user, {
      method: 'PUT',
      url: `/api/alerts/v1/alerts/${id}`,
      payload: { ...payload, version: current.json().version },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('mails a new alert to those who asked, only for customers they can see', async () => {
    const { acmeUser, globexUser, analyst } = t.fixtures;
    await prefer(acmeUser, { email_new_alert: true });
    await prefer(globexUser, { email_new_alert: true });
    await prefer(analyst, { email_new_alert: false, email_assigned_alert: true });

    const alert = await testAlert();
    await runNotificationJob();

    const acme = await mailsTo(acmeUser.email);
    expect(acme).toHaveLength(1);
    expect(acme[0]!.subject).toContain(`New alert ${alert.id}`);
    expect(acme[0]!.text).toContain(`/alerts/${alert.id}`);
    expect(acme[0]!.text).toContain('Acme Test');
    // Globex's user never hears of Acme's alert; the analyst did not ask for new alerts.
    expect(await mailsTo(globexUser.email)).toHaveLength(0);
    expect(await mailsTo(analyst.email)).toHaveLength(0);
    expect(await t.database.db.select().from(alertNotificationQueue)).toHaveLength(0);
  });

  it('mails the person assigned, then updates of their alert, never their own changes', async () => {
    const { admin, analyst, acmeUser } = t.fixtures;
    await prefer(analyst, { email_assigned_alert: true, email_alert_updated: true });
    await prefer(acmeUser, { email_new_alert: false });
    const alert = await testAlert();
    await update(admin, alert.id, { assigned_users: [analyst.email] });
    await runNotificationJob();
    const assigned = await mailsTo(analyst.email);
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.text).toContain(`You were assigned alert ${alert.id}`);

    await t.database.db.delete(mailOutbox);
    await update(admin, alert.id, { priority: 'high' });
    await update(analyst, alert.id, { status: 'acknowledged' });
    await runNotificationJob();
    const updated = await mailsTo(analyst.email);
    expect(updated).toHaveLength(1);
    expect(updated[0]!.text).toContain('priority changed from low to high');
    expect(updated[0]!.text).not.toContain('status');
  });

  it('says nothing to people who did not ask, nor of an alert a mute caught', async () => {
    const { admin, acmeUser } = t.fixtures;
    await prefer(acmeUser, { email_new_alert: true });
    await t.database.db.insert(mutes).values({
      customerId: t.fixtures.acme.customerId,
      name: 'Quiet tests',
      conditions: [{ field: 'type', operator: 'equals', value: 'test' }],
      createdBy: admin.contactId,
    } as typeof mutes.$inferInsert);
    await testAlert();
    await runNotificationJob();
    expect(await mailsTo(acmeUser.email)).toHaveLength(0);
    expect(await mailsTo(admin.email)).toHaveLength(0);
    await t.database.db.delete(mutes);
  });

  it('empties a long queue in one run, a mail per batch of events', async () => {
    const { acmeUser, acme } = t.fixtures;
    await prefer(acmeUser, { email_new_alert: true });
    const alert = await testAlert();
    // As if a busy ingest had raised thousands of alerts since the last run.
    await t.database.db.execute(sql`
      insert into ${alertNotificationQueue} (alert_id, customer_id, event)
      select ${alert.id}, ${acme.customerId}::uuid, 'new' from generate_series(1, 2100)`);
    await runNotificationJob();
    expect(await t.database.db.select().from(alertNotificationQueue)).toHaveLength(0);
    const mails = await mailsTo(acmeUser.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Watchfloor: 101 alert notifications',
      'Watchfloor: 2000 alert notifications',
    ]);
    expect(mails.find((m) => m.subject.includes('2000'))!.text).toContain('…and 1975 more');
  });

  it('refuses a preference that is not a switch, changing nothing', async () => {
    const { acmeUser } = t.fixtures;
    await prefer(acmeUser, { email_new_alert: true, lab_workflows: true });
    const bad = await t.as(acmeUser, {
      method: 'PUT',
      url: SETTINGS,
      payload: { email_new_alert: 'yes', lab_terminal: true },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.contactId, acmeUser.contactId));
    expect(row!.attributes.email_new_alert).toBe(true);
    expect(row!.attributes.lab_terminal).toBeUndefined();
    const unknown = await t.as(acmeUser, { method: 'PUT', url: SETTINGS, payload: { lab_everything: true } });
    expect(unknown.statusCode).toBe(400);
  });
});
