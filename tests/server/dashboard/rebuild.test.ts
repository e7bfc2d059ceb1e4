import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_ROLLUPS_JOB } from '../../../src/server/areas/dashboard/index.ts';
import { alerts, auditLog, jobs } from '../../../src/server/db/schema/index.ts';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { insertOutsiders } from '../admin/admin-tenancy.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const REBUILD = '/api/admin/v1/jobs/rebuild-dashboard-rollups';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A corrupted rollup is put right by the rebuild job, started from the admin API. */
describe.each(backends())('rebuilding the dashboard rollups on %s', (backend) => {
  let t: TestApp;
  let outsiders: Awaited<ReturnType<typeof insertOutsiders>>;
  const get = async (url: string) => {
    const response = await t.as(t.fixtures.analyst, { url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Every alert chart of one customer as the API answers it. */
  const figures = async (customerId: string) => ({
    open: await get(`/api/dashboard/open-alerts?customer_ids=${customerId}`),
    today: await get(`/api/dashboard/alerts-over-time?days=1&customer_ids=${customerId}`),
    days: await get(`/api/dashboard/alerts-over-time?days=7&customer_ids=${customerId}`),
    types: await get(`/api/dashboard/alert-types?days=7&limit=50&customer_ids=${customerId}`),
    times: await get(`/api/dashboard/response-times?days=7&customer_ids=${customerId}`),
  });
  const create = async (customerId: string, priority: string, type: string) => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ customer_id: customerId, title: 'Probe', type, priority }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const setStatus = async (id: number, status: string) => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: '/api/alerts/v1/alerts/',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ ids: [id], fields: { status } }),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Breaks every rollup of a customer, and the first-acknowledgement column behind the histograms. */
  const corrupt = async (customerId: string) => {
    const db = t.database.db;
    await db.execute(sql`update alerts set acknowledged_at = null where customer_id = ${customerId}`);
    await db.execute(
      sql`update alert_status_counts set alerts = alerts + 7 where customer_id = ${customerId}`,
    );
    await db.execute(
      sql`delete from alert_rollup_hourly where customer_id = ${customerId} and priority = 'high'`,
    );
    await db.execute(
      sql`update alert_rollup_daily set alerts = alerts * 3, open = 0 where customer_id = ${customerId}`,
    );
  };
  const runRebuilds = () =>
    runDueJobs(t.database.db, {
      workerId: 'rebuild-test',
      pollMs: 10,
      handlers: { [REBUILD_ROLLUPS_JOB]: JOB_HANDLERS[REBUILD_ROLLUPS_JOB]! },
      schedules: [],
      log: quiet,
    });
  const rebuild = (body: Record<string, unknown>, as = t.fixtures.admin) =>
    t.as(as, { method: 'POST', url: REBUILD, headers: JSON_HEADERS, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    outsiders = await insertOutsiders(t);
    const { acme, globex } = t.fixtures;
    for (const customer of [acme.customerId, globex.customerId]) {
      const first = await create(customer, 'high', 'rebuild_probe');
      const second = await create(customer, 'critical', 'rebuild_probe');
      await create(customer, 'low', 'rebuild_other');
      await setStatus(first, 'acknowledged');
      await setStatus(first, 'closed');
      await setStatus(second, 'acknowledged');
    }
  });
  afterAll(() => t?.close());

  it('answers only the provider’s administrators, for their own customers, with clear errors', async () => {
    expect(
      (await t.as(null, { method: 'POST', url: REBUILD, headers: JSON_HEADERS, payload: '{}' })).statusCode,
    ).toBe(401);
    for (const user of [t.fixtures.analyst, t.fixtures.acmeUser, outsiders.acmeAdmin])
      expect((await rebuild({}, user)).statusCode).toBe(403);
    const foreign = await rebuild({ customer_id: outsiders.otherCustomer.customerId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(
      `A customer with the ID ${outsiders.otherCustomer.customerId} was not found.`,
    );
    const bad = await rebuild({ customer_id: 'acme' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('customer_id');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, REBUILD_ROLLUPS_JOB))).toEqual([]);
  });

  it('puts corrupted figures right, one customer or all, and changes nothing on a rerun', async () => {
    const { acme, globex } = t.fixtures;
    const right = { acme: await figures(acme.customerId), globex: await figures(globex.customerId) };
    expect(right.acme.times.customers[0].acknowledge.alerts).toBe(2);
    await corrupt(acme.customerId);
    await corrupt(globex.customerId);
    const wrong = await figures(acme.customerId);
    expect(wrong).not.toEqual(right.acme);
    expect(wrong.times.customers[0]?.acknowledge.alerts ?? 0).toBe(0);

    const one = await rebuild({ customer_id: acme.customerId });
    expect(one.statusCode, one.body).toBe(202);
    expect(one.json()).toMatchObject({ kind: REBUILD_ROLLUPS_JOB, state: 'queued', progress: null });
    // Asking again while it waits answers the same job.
    expect((await rebuild({ customer_id: acme.customerId })).json().id).toBe(one.json().id);
    expect(await runRebuilds()).toBe(1);
    const done = await t.as(t.fixtures.admin, { url: `/api/admin/v1/jobs/${one.json().id}` });
    expect(done.json()).toMatchObject({ state: 'done', progress: { done: 1, total: 1 } });
    expect(await figures(acme.customerId)).toEqual(right.acme);
    expect(await figures(globex.customerId)).not.toEqual(right.globex);

    const all = await rebuild({});
    expect(all.statusCode, all.body).toBe(202);
    expect(await runRebuilds()).toBe(1);
    const finished = (await t.as(t.fixtures.admin, { url: `/api/admin/v1/jobs/${all.json().id}` })).json();
    // Every customer of this provider, none of another's.
    expect(finished).toMatchObject({ state: 'done', progress: { done: 2, total: 2 } });
    expect(await figures(globex.customerId)).toEqual(right.globex);

    expect((await rebuild({})).statusCode).toBe(202);
    expect(await runRebuilds()).toBe(1);
    expect(await figures(acme.customerId)).toEqual(right.acme);
    expect(await figures(globex.customerId)).toEqual(right.globex);

    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'dashboard_rollups'));
    expect(audited.map((row) => [row.action, row.customerId, row.actorId])).toContainEqual([
      'rebuild',
      acme.customerId,
      t.fixtures.admin.contactId,
    ]);
  });

  it('keeps alert writes made after a rebuild in the figures', async () => {
    const { acme } = t.fixtures;
    await rebuild({ customer_id: acme.customerId });
    await runRebuilds();
    const before = await figures(acme.customerId);
    const id = await create(acme.customerId, 'medium', 'rebuild_probe');
    const after = await figures(acme.customerId);
    expect(after.open.customers[0].statuses.new).toBe((before.open.customers[0].statuses.new ?? 0) + 1);
    await t.database.db.delete(alerts).where(eq(alerts.id, id));
    expect(await figures(acme.customerId)).toEqual(before);
  });
});
