import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintainLogPartitions } from '../../../src/server/areas/logs/index.ts';
import { logRetention } from '../../../src/server/db/schema/index.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

const DAY = 86_400_000;
const dayName = (time: number) =>
  `log_events_${new Date(time).toISOString().slice(0, 10).replaceAll('-', '')}`;

describe.each(backends())('log partitions and retention on %s', (backend) => {
  const c = logsContext(backend);

  const partitions = async () =>
    resultRows<{ name: string }>(
      await c.t.database.db.execute(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'log_events'::regclass order by 1`,
      ),
    ).map((row) => row.name);

  it('creates partitions ahead, drops whole expired ones, trims customers who keep less', async () => {
    const now = Date.now();
    const db = c.t.database.db;
    const acmeToken = await c.tokenFor(c.t.fixtures.acme.customerId);
    const globexToken = await c.tokenFor(c.t.fixtures.globex.customerId);
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    for (const token of [acmeToken, globexToken]) {
      const response = await c.ingest(token, [
        { '@timestamp': at(40), message: 'forty days old' },
        { '@timestamp': at(10), message: 'ten days old' },
        { '@timestamp': at(0), message: 'today' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
    }
    // Globex keeps 7 days, Acme the default (30).
    await db.insert(logRetention).values({ customerId: c.t.fixtures.globex.customerId, days: 7 });

    const result = await maintainLogPartitions(db, new Date(now));
    expect(result.dropped).toEqual([dayName(now - 40 * DAY)]);
    expect(result.deleted).toBe(1);
    const names = await partitions();
    for (const ahead of [0, 1, 2, 3]) expect(names).toContain(dayName(now + ahead * DAY));
    expect(names).not.toContain(dayName(now - 40 * DAY));

    const left = resultRows<{ customer_id: string; message: string }>(
      await db.execute(sql`select customer_id, message from log_events order by customer_id, time`),
    );
    const of = (id: string) => left.filter((row) => row.customer_id === id).map((row) => row.message);
    expect(of(c.t.fixtures.acme.customerId)).toEqual(['ten days old', 'today']);
    expect(of(c.t.fixtures.globex.customerId)).toEqual(['today']);

    // Ingest still stores into a day whose partition was dropped (made again on demand).
    const late = await c.ingest(acmeToken, [{ '@timestamp': at(40), message: 'late arrival' }]);
    expect(late.statusCode, late.body).toBe(200);
  });
});
