import { describe, expect, it } from 'vitest';
import { meterLogUsage } from '../../../src/server/areas/logs/index.ts';
import { logRetention } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

const DAY = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY - 60_000).toISOString();

describe.each(backends())('log usage metering and retention figures on %s', (backend) => {
  const c = logsContext(backend);

  it('meters count and bytes by customer, day and source; each customer sees only its own', async () => {
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId, 'windows');
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId, 'windows');
    const acmeEvents = [
      { '@timestamp': at(0), message: 'one' },
      { '@timestamp': at(0), message: 'two', source: 'firewall' },
      { '@timestamp': at(1), message: 'yesterday' },
      { '@timestamp': at(10), message: 'ten days ago' },
    ];
    expect((await c.ingest(acme, acmeEvents)).statusCode).toBe(200);
    expect(
      (
        await c.ingest(globex, [
          { '@timestamp': at(0), message: 'globex' },
          { '@timestamp': at(10), message: 'old' },
        ])
      ).statusCode,
    ).toBe(200);
    await c.t.database.db
      .insert(logRetention)
      .values({ customerId: c.t.fixtures.globex.customerId, days: 7 });

    const rows = await meterLogUsage(c.t.database.db, new Date(), 15);
    expect(rows).toBe(6);
    // Metering the same days again corrects them, it does not add.
    expect(await meterLogUsage(c.t.database.db, new Date(), 15)).toBe(6);

    const bytes = (event: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(event));
    const mine = await c.t.as(c.t.fixtures.acmeUser, { url: '/api/search/v1/retention?days=30' });
    expect(mine.statusCode, mine.body).toBe(200);
    const [acmeFigures, ...others] = mine.json().customers;
    expect(others).toEqual([]);
    expect(acmeFigures).toMatchObject({
      customer_id: c.t.fixtures.acme.customerId,
      retention_days: 30,
      stored: { events: 4, bytes: acmeEvents.reduce((sum, e) => sum + bytes(e), 0) },
    });
    expect(acmeFigures.by_type).toEqual([
      {
        source: 'windows',
        events: 3,
        bytes: bytes(acmeEvents[0]!) + bytes(acmeEvents[2]!) + bytes(acmeEvents[3]!),
      },
      { source: 'firewall', events: 1, bytes: bytes(acmeEvents[1]!) },
    ]);
    expect(acmeFigures.days).toHaveLength(30);
    const perDay = new Map(acmeFigures.days.map((d: { day: string; events: number }) => [d.day, d.events]));
    expect([perDay.get(dayOf(0)), perDay.get(dayOf(1)), perDay.get(dayOf(10)), perDay.get(dayOf(5))]).toEqual(
      [2, 1, 1, 0],
    );

    // Globex keeps 7 days: the old day is usage over time, no longer stored.
    const theirs = await c.t.as(c.t.fixtures.globexUser, { url: '/api/search/v1/retention?days=30' });
    const [globexFigures] = theirs.json().customers;
    expect(globexFigures).toMatchObject({
      customer_id: c.t.fixtures.globex.customerId,
      retention_days: 7,
      stored: { events: 1 },
    });
    expect(globexFigures.days.reduce((sum: number, d: { events: number }) => sum + d.events, 0)).toBe(2);
    const asked = await c.t.as(c.t.fixtures.acmeUser, {
      url: `/api/search/v1/retention?customer_ids=${c.t.fixtures.globex.customerId}`,
    });
    // Asking for another customer's figures gives none of them.
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().customers).toEqual([]);
  });
});
