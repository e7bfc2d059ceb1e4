import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActivity, alerts, logUsage } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { ago, alertRow, DAY, dashboardReader, dayOf } from './dashboard-helpers.ts';

/**
 * The date range All Time (-1, spec 1 and 2, section 9): every chart with a span runs by UTC day
 * from the first day with data of the customers asked, to today.
 */
describe.each(backends())('dashboard over all time on %s', (backend) => {
  let t: TestApp;
  const get = dashboardReader(() => t);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    const db = t.database.db;
    const alert = alertRow;
    const [old] = await db
      .insert(alerts)
      .values([
        // Older than the longest other range (360 days).
        alert(acme.customerId, ago(500 * DAY), 'high', 'closed', 'phishing'),
        alert(acme.customerId, ago(2 * DAY), 'critical', 'new', 'execution'),
        alert(globex.customerId, ago(3 * DAY), 'low', 'new', 'ransomware'),
      ])
      .returning({ id: alerts.id, customerId: alerts.customerId, createdAt: alerts.createdAt });
    await db.insert(alertActivity).values({
      customerId: old!.customerId,
      alertId: old!.id,
      action: 'updated',
      field: 'status',
      before: 'new',
      after: 'closed',
      at: new Date(old!.createdAt.getTime() + 3_600_000),
    });
    await db.insert(logUsage).values([
      { customerId: acme.customerId, day: dayOf(450), source: 'windows', events: 40, bytes: 4000 },
      { customerId: acme.customerId, day: dayOf(0), source: 'windows', events: 2, bytes: 200 },
      { customerId: globex.customerId, day: dayOf(5), source: 'windows', events: 7, bytes: 700 },
    ]);
  });
  afterAll(() => t?.close());

  it('counts alerts over time by UTC day from the first day with alerts', async () => {
    const overTime = await get('analyst', '/api/dashboard/alerts-over-time?days=-1');
    expect(overTime.bucket).toBe('day');
    expect(overTime.buckets).toHaveLength(501);
    expect(overTime.buckets[0].start).toBe(`${dayOf(500)}T00:00:00.000Z`);
    expect(overTime.buckets[0].high).toBe(1);
    expect(overTime.buckets.at(-1).start).toBe(`${dayOf(0)}T00:00:00.000Z`);
    const total = overTime.buckets.reduce(
      (sum: number, b: { critical: number; high: number; medium: number; low: number }) =>
        sum + b.critical + b.high + b.medium + b.low,
      0,
    );
    expect(total).toBe(3);
  });

  it('starts at the first day of the customers asked for', async () => {
    const { globex } = t.fixtures;
    const overTime = await get(
      'analyst',
      `/api/dashboard/alerts-over-time?days=-1&customer_ids=${globex.customerId}`,
    );
    expect(overTime.buckets).toHaveLength(4);
    const own = await get('globexUser', '/api/dashboard/alerts-over-time?days=-1');
    expect(own.buckets).toHaveLength(4);
  });

  it('takes every alert type and response time, however old', async () => {
    const types = await get('analyst', '/api/dashboard/alert-types?days=-1');
    expect(types.types.map((row: { type: string }) => row.type).sort()).toEqual([
      'execution',
      'phishing',
      'ransomware',
    ]);
    const lastYear = await get('analyst', '/api/dashboard/alert-types?days=360');
    expect(lastYear.types.map((row: { type: string }) => row.type)).not.toContain('phishing');
    const times = await get('analyst', '/api/dashboard/response-times?days=-1');
    const acme = times.customers.find(
      (c: { customer_id: string }) => c.customer_id === t.fixtures.acme.customerId,
    );
    expect(acme.alerts).toBe(2);
    expect(acme.close).toMatchObject({ alerts: 1, median_seconds: 3600 });
  });

  it('answers ingest volume from the first metered day', async () => {
    const ingest = await get('analyst', '/api/dashboard/ingest?days=-1');
    expect(ingest.days).toHaveLength(451);
    expect(ingest.days[0]).toEqual({ day: dayOf(450), events: 40, bytes: 4000 });
    expect(ingest.customers.map((c: { events: number }) => c.events)).toEqual([42, 7]);
  });

  it('refuses other negative or zero spans, naming the field', async () => {
    for (const url of [
      '/api/dashboard/alerts-over-time?days=-2',
      '/api/dashboard/alert-types?days=0',
      '/api/dashboard/ingest?days=0',
      '/api/dashboard/ingest?days=-5',
    ]) {
      const response = await t.as(t.fixtures.analyst, { url });
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json().error), url).toContain('days');
    }
  });
});
