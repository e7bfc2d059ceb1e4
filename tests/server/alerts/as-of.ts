import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

/** "Update all": the bulk update by filter acts on the list as the person saw it (its `as_of`). */
export function asOfSuite(ctx: AlertsContext) {
  describe('update all, as of the list', () => {
    let t: TestApp;
    let seen: number[];

    beforeAll(async () => {
      t = ctx.t;
      const rows = await insertAlerts(
        t,
        [1, 2, 3].map((i) => ({
          customerId: t.fixtures.acme.customerId,
          title: `As-of probe ${i}`,
          type: 'edr',
          createdAt: new Date(Date.now() - 60_000),
          updatedAt: new Date(Date.now() - 60_000),
        })),
      );
      seen = rows.map((r) => r.id);
    });

    const FILTER = { title: 'As-of probe' };
    const list = async () => {
      const response = await t.as(t.fixtures.analyst, { url: '/api/alerts/v1/alerts/?title=As-of%20probe' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { alerts: { id: number }[]; as_of: string };
    };
    const bulk = (payload: unknown) =>
      t.as(t.fixtures.analyst, {
        method: 'PUT',
        url: '/api/alerts/v1/alerts/',
        headers: JSON_HEADERS,
        payload: JSON.stringify(payload),
      });

    it('answers the moment the list was read, to the microsecond', async () => {
      const before = Date.now();
      const page = await list();
      expect(page.as_of).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(Date.parse(page.as_of)).toBeGreaterThanOrEqual(before - 1000);
      expect(page.alerts.map((a) => a.id).sort()).toEqual([...seen].sort());
    });

    it('leaves alerts created or changed after as_of alone and reports each of them', async () => {
      const page = await list();
      const [changedId, keptId] = [seen[0]!, seen[1]!];
      const [version] = await t.database.db
        .select({ v: alerts.version })
        .from(alerts)
        .where(eq(alerts.id, changedId));
      const changed = await t.as(t.fixtures.analyst, {
        method: 'PUT',
        url: `/api/alerts/v1/alerts/${changedId}`,
        headers: JSON_HEADERS,
        payload: JSON.stringify({ version: version!.v, priority: 'low' }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const [late] = await insertAlerts(t, [
        { customerId: t.fixtures.acme.customerId, title: 'As-of probe late', type: 'edr' },
      ]);

      const response = await bulk({ filter: FILTER, as_of: page.as_of, fields: { status: 'closed' } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { updated: { id: number }[]; failed: { id: number; code: string }[] };
      expect(body.updated.map((u) => u.id).sort()).toEqual([keptId, seen[2]!].sort());
      expect(body.failed).toEqual([
        { id: changedId, code: 'conflict', message: expect.stringContaining('after the list was read') },
        { id: late!.id, code: 'conflict', message: expect.stringContaining('after the list was read') },
      ]);
      const statuses = await t.database.db.select({ id: alerts.id, status: alerts.status }).from(alerts);
      const statusOf = (id: number) => statuses.find((s) => s.id === id)?.status;
      expect(statusOf(changedId)).toBe('new');
      expect(statusOf(late!.id)).toBe('new');
      expect(statusOf(keptId)).toBe('closed');
    });

    it('refuses as_of without a filter, naming the field', async () => {
      const response = await bulk({
        ids: [seen[0]],
        as_of: new Date().toISOString(),
        fields: { status: 'open' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].field).toBe('body.as_of');
    });

    it('refuses more ids than the bulk limit the contract declares', async () => {
      const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
      const response = await bulk({ ids, fields: { status: 'open' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].field).toMatch(/^body\.ids/);
    });
  });
}
