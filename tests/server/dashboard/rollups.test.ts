import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const TYPE = 'rollup_probe';

/** The dashboard's answers follow every alert write, read back through the API after each. */
describe.each(backends())('dashboard rollups on %s', (backend) => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.as(t.fixtures.analyst, { url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** What the charts show for acme: open alerts by status, today's alerts by priority, the probe type, response times. */
  const dashboard = async () => {
    const acme = t.fixtures.acme.customerId;
    const open = await get(`/api/dashboard/open-alerts?customer_ids=${acme}`);
    const overTime = await get(`/api/dashboard/alerts-over-time?days=1&customer_ids=${acme}`);
    const types = await get(`/api/dashboard/alert-types?days=7&limit=50&customer_ids=${acme}`);
    const times = await get(`/api/dashboard/response-times?days=1&customer_ids=${acme}`);
    const today = { critical: 0, high: 0, medium: 0, low: 0 };
    for (const bucket of overTime.buckets as (typeof today)[])
      for (const key of Object.keys(today) as (keyof typeof today)[]) today[key] += bucket[key];
    const times0 = times.customers[0];
    return {
      statuses: open.customers[0]?.statuses ?? {},
      today,
      probe: (types.types as { type: string }[]).find((x) => x.type === TYPE) ?? null,
      alerts: times0?.alerts ?? 0,
      acknowledged: times0?.acknowledge.alerts ?? 0,
      closed: times0?.close.alerts ?? 0,
    };
  };
  const create = async (priority: string) => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      headers: JSON_HEADERS,
      payload: JSON.stringify({
        customer_id: t.fixtures.acme.customerId,
        title: 'Probe',
        type: TYPE,
        priority,
      }),
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
    expect(response.json().failed).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('follows creates, status changes and deletes', async () => {
    const before = await dashboard();
    const status = (name: string) => (before.statuses as Record<string, number>)[name] ?? 0;

    const first = await create('high');
    const second = await create('critical');
    let now = await dashboard();
    expect(now.statuses).toMatchObject({ new: status('new') + 2 });
    expect(now.today).toEqual({
      ...before.today,
      high: before.today.high + 1,
      critical: before.today.critical + 1,
    });
    expect(now.probe).toEqual({ type: TYPE, total: 2, open: 2 });
    expect(now.alerts).toBe(before.alerts + 2);
    expect(now.acknowledged).toBe(before.acknowledged);

    await setStatus(first, 'acknowledged');
    now = await dashboard();
    expect(now.statuses).toMatchObject({ new: status('new') + 1, acknowledged: status('acknowledged') + 1 });
    expect(now.acknowledged).toBe(before.acknowledged + 1);
    expect(now.closed).toBe(before.closed);

    await setStatus(first, 'closed');
    now = await dashboard();
    expect(now.statuses).toMatchObject({ new: status('new') + 1, acknowledged: status('acknowledged') });
    expect(now.probe).toEqual({ type: TYPE, total: 2, open: 1 });
    expect(now.closed).toBe(before.closed + 1);

    // Reopening and closing again keeps the first acknowledgement and close.
    await setStatus(first, 'reopened');
    await setStatus(first, 'closed');
    now = await dashboard();
    expect(now.acknowledged).toBe(before.acknowledged + 1);
    expect(now.closed).toBe(before.closed + 1);

    // Alerts are removed only with their customer's data; the rollups follow any delete.
    await t.database.db.delete(alerts).where(eq(alerts.id, second));
    await t.database.db.delete(alerts).where(eq(alerts.id, first));
    now = await dashboard();
    expect(now).toEqual({ ...before, probe: null });
  });
});
