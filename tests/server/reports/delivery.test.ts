import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, reportRuns, reportSchedules, users } from '../../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { folderTransport } from '../../../src/server/mail/transport.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { EVERY_SECTION, reportsApi } from './helpers.ts';

const silent = { info() {}, warn() {}, error() {} };

describe.each(backends())('report schedules and delivery on %s', (backend) => {
  let t: TestApp;
  let reportId: string;
  let outbox: string;
  const lane = (lane: 'reports' | 'mail', now: () => Date = () => new Date()) =>
    runDueJobs(t.database.db, {
      workerId: `test-${lane}`,
      pollMs: 0,
      handlers: laneHandlers(lane),
      schedules: [],
      log: silent,
      mail: folderTransport(outbox, 'Watchfloor <no-reply@localhost>'),
      now,
    });
  const schedule = (user: { contactId: string }, query: string) =>
    t.as(user, { method: 'POST', url: `/api/ngreports/v0/schedule/?${query}` });

  beforeAll(async () => {
    t = await createTestApp(backend);
    outbox = await mkdtemp(join(tmpdir(), 'reports-outbox-'));
    const created = await reportsApi(t).create(t.fixtures.analyst, {
      name: 'Acme monthly',
      scope: 'customer',
      customer_id: t.fixtures.acme.customerId,
      retention_days: 30,
      document: EVERY_SECTION,
    });
    reportId = created.json().id;
  });
  afterAll(() => t.close());

  it("schedules a report for a customer in the customer's time zone, refusing bad input and customers out of reach", async () => {
    const { acmeUser, globexUser, analyst, acme } = t.fixtures;
    const patchCustomer = (payload: Record<string, unknown>) =>
      t.as(analyst, { method: 'PATCH', url: `/api/management/customers/${acme.customerId}`, payload });
    for (const zone of ['Mars/Olympus', 'EET', '+02:00']) {
      const badZone = await patchCustomer({ time_zone: zone });
      expect(badZone.statusCode, zone).toBe(400);
      expect(badZone.json().error.details[0].field).toBe('body.time_zone');
    }
    const zoned = await patchCustomer({ time_zone: 'Europe/Helsinki' });
    expect(zoned.statusCode, zoned.body).toBe(200);
    expect(zoned.json().time_zone).toBe('Europe/Helsinki');
    const base = `customer_id=${acme.customerId}&report_type=${reportId}&frequency=monthly`;
    const badMail = await schedule(acmeUser, `${base}&recipients=ciso@acme.example&recipients=not-mail`);
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().error.details).toEqual([
      { field: 'recipients[1]', reason: 'is not an e-mail address' },
    ]);
    const otherCustomer = await schedule(globexUser, `${base}&recipients=x@globex.example`);
    expect(otherCustomer.statusCode).toBe(404);
    expect(await t.database.db.select().from(reportSchedules)).toEqual([]);
    const made = await schedule(acmeUser, `${base}&recipients=CISO@acme.example`);
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json();
    expect(task).toMatchObject({
      frequency: 'monthly',
      time_zone: 'Europe/Helsinki',
      recipients: ['ciso@acme.example'],
      report_name: 'Acme monthly',
    });
    // 06:00 in Helsinki on the 1st of a month: 03:00 or 04:00 UTC.
    const next = new Date(task.next_run_at);
    expect(next.getUTCDate() === 1 || next.getUTCDate() >= 28).toBe(true);
    expect([3, 4]).toContain(next.getUTCHours());
    const listed = (await t.as(acmeUser, { method: 'GET', url: '/api/ngreports/v0/schedule/' })).json().tasks;
    expect(listed).toHaveLength(1);
    expect(
      (await t.as(globexUser, { method: 'GET', url: '/api/ngreports/v0/schedule/' })).json().tasks,
    ).toEqual([]);
  });

  it('runs a due schedule when its time comes: renders, keeps the PDF and mails it attached', async () => {
    const [row] = await t.database.db.select().from(reportSchedules);
    const at = new Date(row!.nextRunAt.getTime() + 60_000);
    // The schedules' recurring job comes round at that time (its cron is the runner's business).
    await enqueueJob(t.database.db, 'run-report-schedules', {}, { runAt: at });
    expect(await lane('reports', () => at)).toBe(2); // the schedules' job, then the render
    const [run] = await t.database.db.select().from(reportRuns);
    expect(run).toMatchObject({ status: 'sent', attempts: 1, lastError: null, scheduleId: row!.id });
    expect(run!.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(run!.expiresAt!.getTime()).toBe(at.getTime() + 30 * 86_400_000);
    // The period is the month just ended in Helsinki, with the two before.
    const helsinkiMonth = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Helsinki',
      year: 'numeric',
      month: '2-digit',
    }).format(at);
    expect(run!.periodEnd < `${helsinkiMonth}-01`).toBe(true);
    const [schedule] = await t.database.db.select().from(reportSchedules);
    expect(schedule!.nextRunAt.getTime()).toBeGreaterThan(at.getTime());
    expect(await lane('mail')).toBe(1);
    const [mail] = await t.database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ status: 'sent', recipients: ['ciso@acme.example'] });
    const files = await readdir(outbox);
    const eml = await readFile(join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=Acme-monthly-Acme-Test-\d{4}-\d{2}-\d{2}\.pdf/);
    expect(eml).toContain('Content-Disposition: attachment');
  });

  it('sends now to each customer asked, logs each run, and serves the stored PDF to those who see the customer', async () => {
    const { acmeUser, globexUser, acme, globex, analyst } = t.fixtures;
    const url = (customers: string[]) =>
      `/api/ngreports/v0/reports/send?report_type=${reportId}&target=2026-10&recipients=soc@acme.example&${customers.map((c) => `customer_ids=${c}`).join('&')}`;
    const outOfReach = await t.as(acmeUser, {
      method: 'GET',
      url: url([acme.customerId, globex.customerId]),
    });
    expect(outOfReach.statusCode).toBe(404);
    const readOnly = await t.as(t.fixtures.viewer, { method: 'GET', url: url([acme.customerId]) });
    expect(readOnly.statusCode).toBe(403);
    const sent = await t.as(acmeUser, { method: 'GET', url: url([acme.customerId]) });
    expect(sent.statusCode, sent.body).toBe(202);
    const [queued] = sent.json().runs;
    expect(queued).toMatchObject({
      status: 'queued',
      period_start: '2026-08-01',
      period_end: '2026-10-31',
      has_pdf: false,
    });
    expect(await lane('reports')).toBe(1);
    const log = (
      await t.as(acmeUser, { method: 'GET', url: `/api/ngreports/v0/runs/?report_id=${reportId}` })
    ).json().runs;
    expect(log[0]).toMatchObject({ id: queued.id, status: 'sent', has_pdf: true, attempts: 1 });
    expect(log[0].pages).toBeGreaterThanOrEqual(2);
    const pdf = await t.as(acmeUser, { method: 'GET', url: `/api/ngreports/v0/runs/${queued.id}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.as(globexUser, { method: 'GET', url: `/api/ngreports/v0/runs/${queued.id}/pdf` })).statusCode,
    ).toBe(404);
    expect((await t.as(globexUser, { method: 'GET', url: '/api/ngreports/v0/runs/' })).json().runs).toEqual(
      [],
    );
    expect((await t.as(analyst, { method: 'GET', url: '/api/ngreports/v0/runs/' })).json().runs).toHaveLength(
      2,
    );
  });

  it('fails a run whose asker has lost the customer, without retrying what cannot change', async () => {
    const { acmeUser, acme } = t.fixtures;
    const sent = await t.as(acmeUser, {
      method: 'GET',
      url: `/api/ngreports/v0/reports/send?report_type=${reportId}&recipients=soc@acme.example&customer_ids=${acme.customerId}`,
    });
    const [queued] = sent.json().runs;
    // The user no longer sees Acme when the run renders: their reach is read as it is then.
    await t.database.db
      .update(users)
      .set({ validCustomerIds: [] })
      .where(eq(users.contactId, acmeUser.contactId));
    await lane('reports');
    const [run] = await t.database.db.select().from(reportRuns).where(eq(reportRuns.id, queued.id));
    expect(run).toMatchObject({ status: 'failed', pdf: null });
    expect(run!.lastError).toMatch(/can no longer see/);
    await t.database.db
      .update(users)
      .set({ validCustomerIds: [acme.customerId] })
      .where(eq(users.contactId, acmeUser.contactId));
  });

  it('retries a run that fails, then gives it up: failed in the log, dead in the jobs tab', async () => {
    const { acme } = t.fixtures;
    const sent = await t.as(t.fixtures.analyst, {
      method: 'GET',
      url: `/api/ngreports/v0/reports/send?report_type=${reportId}&recipients=soc@acme.example&customer_ids=${acme.customerId}`,
    });
    const [queued] = sent.json().runs;
    // A customer's figures that cannot be read: its alerts table is out of reach for this test.
    await t.database.db.execute(`alter table alert_rollup_daily rename to alert_rollup_daily_away`);
    try {
      let clock = Date.now();
      for (let attempt = 0; attempt < 3; attempt++) {
        await lane('reports', () => new Date(clock));
        clock += 10 * 60_000;
      }
    } finally {
      await t.database.db.execute(`alter table alert_rollup_daily_away rename to alert_rollup_daily`);
    }
    const [run] = await t.database.db.select().from(reportRuns).where(eq(reportRuns.id, queued.id));
    expect(run).toMatchObject({ status: 'failed', attempts: 3 });
    expect(run!.lastError).toMatch(/alert_rollup_daily/);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, String(queued.id)));
    expect(job!.deadAt).toBeInstanceOf(Date);
    expect(job!.lastError).toMatch(/alert_rollup_daily/);
  });

  it('purges stored PDFs after their retention and keeps the delivery log', async () => {
    const { acmeUser } = t.fixtures;
    const before = await t.database.db.select().from(reportRuns).where(eq(reportRuns.status, 'sent'));
    expect(before.length).toBe(2);
    // An hour after the last of them expires, the hourly purge comes round.
    const later = new Date(Math.max(...before.map((run) => run.expiresAt!.getTime())) + 3_600_000);
    const justBefore = new Date(Math.min(...before.map((run) => run.expiresAt!.getTime())) - 60_000);
    const purge = (at: Date) =>
      enqueueJob(t.database.db, 'purge-report-pdfs', {}, { runAt: at }).then(() =>
        runDueJobs(t.database.db, {
          workerId: 'test-purge',
          pollMs: 0,
          handlers: laneHandlers('background'),
          schedules: [],
          log: silent,
          now: () => at,
        }),
      );
    await purge(justBefore);
    expect(
      (await t.database.db.select().from(reportRuns).where(eq(reportRuns.status, 'sent'))).every(
        (run) => run.pdf,
      ),
    ).toBe(true);
    await purge(later);
    const kept = await t.database.db.select().from(reportRuns).where(eq(reportRuns.status, 'sent'));
    expect(kept.map((run) => run.pdf)).toEqual([null, null]);
    const log = (await t.as(acmeUser, { method: 'GET', url: '/api/ngreports/v0/runs/' })).json().runs;
    expect(
      log
        .filter((r: { status: string }) => r.status === 'sent')
        .every((r: { has_pdf: boolean }) => !r.has_pdf),
    ).toBe(true);
    expect(
      (await t.as(acmeUser, { method: 'GET', url: `/api/ngreports/v0/runs/${before[0]!.id}/pdf` }))
        .statusCode,
    ).toBe(404);
  });
});
