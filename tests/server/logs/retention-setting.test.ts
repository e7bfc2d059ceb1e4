import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintainLogPartitions } from '../../../src/server/areas/logs/index.ts';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

const DAY = 86_400_000;

describe.each(backends())('setLogRetention on %s', (backend) => {
  const c = logsContext(backend);
  const put = (user: { contactId: string } | null, customerId: string, payload: Record<string, unknown>) =>
    c.t.as(user, { method: 'PUT', url: `/api/search/v1/retention/${customerId}`, payload });
  const retentionOf = async (user: { contactId: string }, customerId: string) => {
    const response = await c.t.as(user, {
      url: `/api/search/v1/retention?customer_ids=${customerId}&days=1`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().customers[0]?.retention_days as number | undefined;
  };

  it('requires sign-in', async () => {
    const response = await put(null, c.t.fixtures.acme.customerId, { days: 7 });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a bad id and bad days with 400, changing nothing', async () => {
    const acme = c.t.fixtures.acme.customerId;
    const badId = await put(c.t.fixtures.analyst, 'not-a-uuid', { days: 7 });
    expect(badId.statusCode).toBe(400);
    for (const payload of [
      {},
      { days: 0 },
      { days: 401 },
      { days: 2.5 },
      { days: 'seven' },
      { days: 7, extra: 1 },
    ]) {
      const response = await put(c.t.fixtures.analyst, acme, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const missing = await put(c.t.fixtures.analyst, acme, {});
    expect(missing.json().error.message).toMatch(/days/);
    expect(await retentionOf(c.t.fixtures.analyst, acme)).toBe(30);
  });

  it("refuses customers' own users and staff who may not change data; a customer not visible is 404", async () => {
    const acme = c.t.fixtures.acme.customerId;
    const own = await put(c.t.fixtures.acmeUser, acme, { days: 7 });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('Only provider staff can change log retention.');
    const viewer = await put(c.t.fixtures.viewer, acme, { days: 7 });
    expect(viewer.statusCode).toBe(403);
    const unknown = randomUUID();
    const nowhere = await put(c.t.fixtures.analyst, unknown, { days: 7 });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toContain(unknown);
    expect(await retentionOf(c.t.fixtures.analyst, acme)).toBe(30);
  });

  it('sets one customer’s days, audits before and after, and the retention job deletes by them', async () => {
    const { acme, globex, analyst, acmeUser, globexUser } = c.t.fixtures;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    for (const customer of [acme, globex]) {
      const token = await c.tokenFor(customer.customerId);
      const response = await c.ingest(token, [
        { '@timestamp': at(10), message: 'ten days old' },
        { '@timestamp': at(0), message: 'today' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
    }

    const first = await put(analyst, acme.customerId, { days: 7 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ customer_id: acme.customerId, retention_days: 7, previous_days: 30 });
    const again = await put(analyst, acme.customerId, { days: 5 });
    expect(again.json()).toEqual({ customer_id: acme.customerId, retention_days: 5, previous_days: 7 });

    // Acme's users see their new retention; Globex keeps the default.
    expect(await retentionOf(acmeUser, acme.customerId)).toBe(5);
    expect(await retentionOf(globexUser, globex.customerId)).toBe(30);

    const audited = await c.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'log_retention'), eq(auditLog.entityId, acme.customerId)));
    expect(audited.map((row) => [row.before, row.after, row.customerId, row.actorId])).toEqual(
      expect.arrayContaining([
        [{ days: 30 }, { days: 7 }, acme.customerId, analyst.contactId],
        [{ days: 7 }, { days: 5 }, acme.customerId, analyst.contactId],
      ]),
    );

    await maintainLogPartitions(c.t.database.db, new Date(now));
    const left = resultRows<{ customer_id: string; message: string }>(
      await c.t.database.db.execute(
        sql`select customer_id, message from log_events order by customer_id, time`,
      ),
    );
    const messagesOf = (id: string) => left.filter((row) => row.customer_id === id).map((row) => row.message);
    expect(messagesOf(acme.customerId)).toEqual(['today']);
    expect(messagesOf(globex.customerId)).toEqual(['ten days old', 'today']);
  });
});
