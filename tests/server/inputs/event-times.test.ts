import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseEvent } from '../../../src/server/areas/logs/normalise.ts';
import { dayOf } from '../../../src/server/areas/logs/partitions.ts';
import { parseSyslog } from '../../../src/server/areas/logs/syslog/parse.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { ApiError } from '../../../src/server/errors.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** Times no day partition can hold: past year 9999, past what a Date can be, before year 1. */
const IMPOSSIBLE: unknown[] = [
  8.64e15,
  8.64e15 + 1,
  -8.64e15,
  253402300800000,
  '+010000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
];
const received = new Date('2026-11-28T12:00:00Z');

describe('event times the store cannot hold', () => {
  it('are refused by name when the caller is answered, and stamped with their arrival otherwise', () => {
    for (const time of IMPOSSIBLE) {
      let refused: unknown;
      try {
        normaliseEvent({ '@timestamp': time }, 'windows', received, { refuseAt: 'events[2]' });
      } catch (error) {
        refused = error;
      }
      expect(refused, String(time)).toBeInstanceOf(ApiError);
      expect((refused as ApiError).details).toEqual([
        { field: 'events[2].@timestamp', reason: 'is not a time between the years 1 and 9999 (UTC)' },
      ]);
      expect(normaliseEvent({ '@timestamp': time }, 'windows', received).time).toEqual(received);
    }
  });

  it('never break the naming of partitions', () => {
    expect(dayOf(new Date(8.64e15))).toBe('9999-12-31');
    expect(dayOf(new Date(-8.64e15))).toBe('0001-01-01');
    expect(() => dayOf(new Date(Number.NaN))).not.toThrow();
  });

  it('from syslog give way to the arrival time', () => {
    for (const stamp of ['0000-01-01T00:00:00Z']) {
      const { event } = parseSyslog(`<34>1 ${stamp} host app - - - hello`, received);
      expect(normaliseEvent(event, 'syslog', received).time, stamp).toEqual(received);
    }
  });
});

describe.each(backends())('HTTP ingest of impossible times on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  }, 300_000);
  afterAll(() => t.close());

  const ingest = (token: string, events: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });

  it('answers 400 naming the event and its field, and stores nothing of the batch', async () => {
    const created = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: t.fixtures.acme.customerId, name: 'Shipper', source: 'windows' },
    });
    const token = created.json().token as string;
    const stored = async () =>
      resultRows<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from log_events`),
      )[0]!.n;
    const before = await stored();
    for (const time of IMPOSSIBLE) {
      const response = await ingest(token, [
        { '@timestamp': '2026-11-28T10:00:00Z', message: 'fine' },
        { message: 'bad', timestamp: time },
      ]);
      expect(response.statusCode, `${time}: ${response.body}`).toBe(400);
      expect(response.json().error.details).toEqual([
        { field: 'events[1].timestamp', reason: 'is not a time between the years 1 and 9999 (UTC)' },
      ]);
    }
    expect(await stored()).toBe(before);
    const edge = await ingest(token, [{ '@timestamp': 253402300799000, message: 'last day' }]);
    expect(edge.statusCode, edge.body).toBe(200);
    expect(await stored()).toBe(before + 1);
  });
});
