import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_AGENT_RELEASE } from '../../../src/server/areas/agents/index.ts';
import { agents, alertActivity, alerts, logUsage } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { ago, alertRow, DAY, dashboardReader, dayOf, HOUR } from './dashboard-helpers.ts';

describe.each(backends())('dashboard aggregates on %s', (backend) => {
  let t: TestApp;
  const get = dashboardReader(() => t);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    const db = t.database.db;
    const alert = alertRow;
    const inserted = await db
      .insert(alerts)
      .values([
        alert(acme.customerId, ago(2 * HOUR), 'critical', 'new', 'execution'),
        alert(acme.customerId, ago(3 * HOUR), 'high', 'acknowledged', 'execution'),
        alert(acme.customerId, ago(2 * DAY), 'high', 'closed', 'phishing'),
        alert(acme.customerId, ago(3 * DAY), 'low', 'escalated', 'execution'),
        // Outside a 7-day span, still open now.
        alert(acme.customerId, ago(20 * DAY), 'medium', 'open', 'lateral_movement'),
        alert(globex.customerId, ago(1 * HOUR), 'critical', 'new', 'ransomware'),
        alert(globex.customerId, ago(2 * DAY), 'critical', 'false_positive', 'ransomware'),
      ])
      .returning({ id: alerts.id, customerId: alerts.customerId, createdAt: alerts.createdAt });
    const [, acked, closed, , , , globexClosed] = inserted;
    const step = (row: typeof acked, minutes: number, before: string, after: string) => ({
      customerId: row!.customerId,
      alertId: row!.id,
      action: 'updated',
      field: 'status',
      before,
      after,
      at: new Date(row!.createdAt.getTime() + minutes * 60_000),
    });
    await db.insert(alertActivity).values([
      step(acked, 10, 'new', 'acknowledged'),
      step(closed, 30, 'new', 'acknowledged'),
      step(closed, 90, 'acknowledged', 'closed'),
      // Closing again later does not move the first close.
      step(closed, 200, 'reopened', 'closed'),
      step(globexClosed, 5, 'new', 'false_positive'),
    ]);
    await db.insert(agents).values([
      {
        customerId: acme.customerId,
        hostName: 'ACME-ON',
        platform: 'windows',
        architecture: 'x64',
        version: LATEST_AGENT_RELEASE,
        heartbeatAt: ago(10_000),
        firstActive: ago(30 * DAY),
      },
      {
        customerId: acme.customerId,
        hostName: 'ACME-OFF',
        platform: 'linux',
        architecture: 'x64',
        version: LATEST_AGENT_RELEASE,
        heartbeatAt: ago(DAY),
        firstActive: ago(30 * DAY),
      },
      {
        customerId: acme.customerId,
        hostName: 'ACME-SICK',
        platform: 'windows',
        architecture: 'x64',
        version: LATEST_AGENT_RELEASE,
        health: 'unhealthy',
        heartbeatAt: ago(10_000),
        firstActive: ago(30 * DAY),
      },
      {
        customerId: globex.customerId,
        hostName: 'GLOBEX-OLD',
        platform: 'macos',
        architecture: 'arm64',
        version: '1.0.0',
        heartbeatAt: ago(10_000),
        firstActive: ago(30 * DAY),
      },
    ]);
    await db.insert(logUsage).values([
      { customerId: acme.customerId, day: dayOf(0), source: 'windows', events: 10, bytes: 1000 },
      { customerId: acme.customerId, day: dayOf(0), source: 'firewall', events: 5, bytes: 500 },
      { customerId: acme.customerId, day: dayOf(3), source: 'windows', events: 2, bytes: 200 },
      { customerId: acme.customerId, day: dayOf(40), source: 'windows', events: 99, bytes: 9900 },
      { customerId: globex.customerId, day: dayOf(1), source: 'windows', events: 7, bytes: 700 },
    ]);
  });
  afterAll(() => t?.close());

  it('counts alerts over time by priority: by hour for a day, by UTC day otherwise', async () => {
    const { acme } = t.fixtures;
    const hours = await get(
      'analyst',
      `/api/dashboard/alerts-over-time?days=1&customer_ids=${acme.customerId}`,
    );
    expect(hours.bucket).toBe('hour');
    expect(hours.buckets).toHaveLength(24);
    const totals = (b: { critical: number; high: number; medium: number; low: number }[]) =>
      b.reduce(
        (sum, x) => ({
          critical: sum.critical + x.critical,
          high: sum.high + x.high,
          medium: sum.medium + x.medium,
          low: sum.low + x.low,
        }),
        { critical: 0, high: 0, medium: 0, low: 0 },
      );
    expect(totals(hours.buckets)).toEqual({ critical: 1, high: 1, medium: 0, low: 0 });
    const hourOf = (ms: number) => new Date(Math.floor((Date.now() - ms) / HOUR) * HOUR).toISOString();
    expect(hours.buckets.find((b: { start: string }) => b.start === hourOf(2 * HOUR))).toMatchObject({
      critical: 1,
      end: new Date(new Date(hourOf(2 * HOUR)).getTime() + HOUR).toISOString(),
    });

    const week = await get('analyst', '/api/dashboard/alerts-over-time?days=7');
    expect(week.bucket).toBe('day');
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets.at(-1).start.slice(0, 10)).toBe(dayOf(0));
    expect(totals(week.buckets)).toEqual({ critical: 3, high: 2, medium: 0, low: 1 });
  });

  it('counts open alerts now by customer and status, most first', async () => {
    const { acme, globex } = t.fixtures;
    const open = await get('analyst', '/api/dashboard/open-alerts');
    expect(open.customers).toEqual([
      {
        customer_id: acme.customerId,
        total: 4,
        statuses: { new: 1, open: 1, acknowledged: 1, escalated: 1, deferred: 0, reopened: 0 },
      },
      {
        customer_id: globex.customerId,
        total: 1,
        statuses: { new: 1, open: 0, acknowledged: 0, escalated: 0, deferred: 0, reopened: 0 },
      },
    ]);
  });

  it('measures time to acknowledge and to close per customer from the activity log', async () => {
    const { acme, globex } = t.fixtures;
    const times = await get('analyst', '/api/dashboard/response-times?days=7');
    expect(times.customers).toEqual(
      [
        {
          customer_id: acme.customerId,
          alerts: 4,
          acknowledge: { alerts: 2, median_seconds: 1200, p90_seconds: 1680 },
          close: { alerts: 1, median_seconds: 5400, p90_seconds: 5400 },
        },
        {
          customer_id: globex.customerId,
          alerts: 2,
          acknowledge: { alerts: 1, median_seconds: 300, p90_seconds: 300 },
          close: { alerts: 1, median_seconds: 300, p90_seconds: 300 },
        },
      ].sort((a, b) => a.customer_id.localeCompare(b.customer_id)),
    );
  });

  it('lists the top alert types of the span with their open alerts', async () => {
    const types = await get('analyst', '/api/dashboard/alert-types?days=7&limit=2');
    expect(types.types).toEqual([
      { type: 'execution', total: 3, open: 3 },
      { type: 'ransomware', total: 2, open: 1 },
    ]);
    const month = await get('analyst', '/api/dashboard/alert-types?days=30');
    expect(month.types.map((x: { type: string }) => x.type)).toEqual([
      'execution',
      'ransomware',
      'lateral_movement',
      'phishing',
    ]);
  });

  it('answers agent health by customer and status (GET /dashboard/health)', async () => {
    const { acme, globex } = t.fixtures;
    const health = await get('analyst', '/api/dashboard/health');
    expect(health.customers).toEqual([
      {
        customer_id: acme.customerId,
        total: 3,
        statuses: { online: 1, offline: 1, isolated: 0, unhealthy: 1, out_of_date: 0, new: 0 },
      },
      {
        customer_id: globex.customerId,
        total: 1,
        statuses: { online: 0, offline: 0, isolated: 0, unhealthy: 0, out_of_date: 1, new: 0 },
      },
    ]);
  });

  it('answers ingest volume per day and customer from the metering (GET /dashboard/ingest)', async () => {
    const { acme, globex } = t.fixtures;
    const ingest = await get('analyst', '/api/dashboard/ingest?days=7');
    expect(ingest.days).toHaveLength(7);
    const byDay = new Map(ingest.days.map((d: { day: string; events: number }) => [d.day, d.events]));
    expect([byDay.get(dayOf(0)), byDay.get(dayOf(1)), byDay.get(dayOf(2)), byDay.get(dayOf(3))]).toEqual([
      15, 7, 0, 2,
    ]);
    expect(ingest.customers).toEqual([
      { customer_id: acme.customerId, events: 17, bytes: 1700 },
      { customer_id: globex.customerId, events: 7, bytes: 700 },
    ]);
  });

  it('shows a customer user only their own customer, whatever they ask for', async () => {
    const { acme, globex } = t.fixtures;
    const own = `customer_ids=${acme.customerId}`;
    const other = `customer_ids=${globex.customerId}`;
    for (const query of ['', other, `${own}&${other}`]) {
      const open = await get('acmeUser', `/api/dashboard/open-alerts?${query}`);
      expect(open.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual(
        query === other ? [] : [acme.customerId],
      );
      const health = await get('acmeUser', `/api/dashboard/health?${query}`);
      expect(health.customers.every((c: { customer_id: string }) => c.customer_id === acme.customerId)).toBe(
        true,
      );
      const ingest = await get('acmeUser', `/api/dashboard/ingest?days=7&${query}`);
      expect(ingest.customers.every((c: { customer_id: string }) => c.customer_id === acme.customerId)).toBe(
        true,
      );
      const times = await get('acmeUser', `/api/dashboard/response-times?days=7&${query}`);
      expect(times.customers.every((c: { customer_id: string }) => c.customer_id === acme.customerId)).toBe(
        true,
      );
    }
    const types = await get('globexUser', '/api/dashboard/alert-types?days=30');
    expect(types.types).toEqual([{ type: 'ransomware', total: 2, open: 1 }]);
    const overTime = await get('globexUser', `/api/dashboard/alerts-over-time?days=7&${own}`);
    expect(overTime.buckets.every((b: { critical: number; high: number }) => b.critical + b.high === 0)).toBe(
      true,
    );
    const ingest = await get('globexUser', '/api/dashboard/ingest?days=7');
    expect(ingest.days.reduce((sum: number, d: { events: number }) => sum + d.events, 0)).toBe(7);
  });

  it('refuses bad input with the field and reason, and strangers', async () => {
    for (const url of [
      '/api/dashboard/alerts-over-time?days=3',
      '/api/dashboard/alert-types?limit=0',
      '/api/dashboard/ingest?days=401',
      '/api/dashboard/open-alerts?customer_ids=not-a-uuid',
    ]) {
      const response = await t.as(t.fixtures.analyst, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const anonymous = await t.app.inject({ url: '/api/dashboard/health' });
    expect(anonymous.statusCode).toBe(401);
  });
});
