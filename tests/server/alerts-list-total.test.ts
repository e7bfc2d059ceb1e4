import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/database.ts';
import { alertsContext } from './alerts/helpers.ts';

interface Page {
  alerts: Record<string, unknown>[];
  total: number;
  total_exact: boolean;
  search_after: string | null;
}

/** The list counts matches exactly up to 10 000, and writes each row as the detail presents it. */
describe.each(backends())('alert list totals and rows, on %s', (backend) => {
  const ctx = alertsContext(backend);

  beforeAll(async () => {
    const { acme } = ctx.t.fixtures;
    // Timestamps with microseconds: the answer keeps milliseconds, cut rather than rounded.
    await ctx.t.database.db.execute(sql`
      insert into alerts (customer_id, title, type, priority, host_name, assigned_users, created_at, updated_at)
      select ${acme.customerId}::uuid, 'Bulk alert ' || g, 'execution',
             case when g % 2 = 0 then 'high' else 'low' end,
             case when g % 3 = 0 then null else 'ACME-WS-' || g end,
             case when g % 5 = 0 then array['analyst@test.example'] else '{}'::text[] end,
             timestamptz '2025-03-01 10:00:00.291999+00' + g * interval '1 second',
             timestamptz '2025-03-02 10:00:00.999999+00'
      from generate_series(1, 10001) g`);
  });

  const list = async (query: string) => {
    const response = await ctx.t.as(ctx.t.fixtures.analyst, { url: `/api/alerts/v1/alerts/?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json() as Page;
  };

  it('counts exactly up to 10 000 and says when more match', async () => {
    const all = await list('batch_size=1');
    expect(all).toMatchObject({ total: 10_000, total_exact: false });
    const some = await list('title=Bulk%20alert%201000&batch_size=1');
    expect(some).toMatchObject({ total: 3, total_exact: true });
    const half = await list('priorities=high&batch_size=1');
    expect(half).toMatchObject({ total: 5000, total_exact: true });
  });

  it('writes every row as the alert detail presents it', async () => {
    const page = await list('batch_size=15');
    expect(page.alerts).toHaveLength(15);
    expect(page.alerts[0]).toMatchObject({
      title: 'Bulk alert 10001',
      '@timestamp': '2025-03-01T12:46:41.291Z',
      updated_at: '2025-03-02T10:00:00.999Z',
    });
    for (const row of page.alerts) {
      const detail = await ctx.t.as(ctx.t.fixtures.analyst, { url: `/api/alerts/v1/alerts/${row.id}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject(row);
    }
    expect(page.alerts.some((a) => a.host_name === null)).toBe(true);
    expect(page.alerts.some((a) => (a.assigned_users as string[]).length === 1)).toBe(true);
  });

  it('pages through rows sharing one microsecond-precise timestamp without repeats', async () => {
    const first = await list('sort=updated_at&order=asc&batch_size=4000');
    const second = await list(
      `sort=updated_at&order=asc&batch_size=4000&search_after=${encodeURIComponent(first.search_after!)}`,
    );
    const ids = new Set([...first.alerts, ...second.alerts].map((a) => a.id));
    expect(ids.size).toBe(8000);
  });
});
