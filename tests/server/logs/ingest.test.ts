import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ingestSlotsTaken } from '../../../src/server/areas/logs/index.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

interface StoredRow {
  customer_id: string;
  source: string;
  host: string | null;
  src_ip: string | null;
  user_name: string | null;
  event_id: number | null;
  severity: string | null;
  message: string | null;
  raw: Record<string, unknown>;
}

describe.each(backends())('log ingest on %s', (backend) => {
  const c = logsContext(backend, { INGEST_MAX_BYTES: '20000' });
  const acme = () => c.t.fixtures.acme.customerId;
  const globex = () => c.t.fixtures.globex.customerId;
  const stored = async (where: ReturnType<typeof sql>) =>
    resultRows<StoredRow>(
      await c.t.database.db.execute(
        sql`select customer_id, source, host, host(src_ip) as src_ip, user_name, event_id, severity, message, raw
            from log_events where ${where} order by time, id`,
      ),
    );

  it('stores a JSON batch with the common fields extracted and the raw event kept', async () => {
    const token = await c.tokenFor(acme());
    const event = {
      '@timestamp': new Date().toISOString(),
      host: { name: 'ACME-DC-01' },
      'source.ip': '10.1.2.3',
      user: 'j.smith',
      EventID: 4625,
      level: 'WARNING',
      message: 'An account failed to log on.',
      LogonType: 3,
    };
    const response = await c.ingest(token, [event]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ stored: 1 });
    expect(response.headers['set-cookie']).toBeUndefined();
    const [row] = await stored(sql`user_name = 'j.smith'`);
    expect(row).toMatchObject({
      customer_id: acme(),
      source: 'windows',
      host: 'ACME-DC-01',
      src_ip: '10.1.2.3',
      event_id: 4625,
      severity: 'warning',
      message: 'An account failed to log on.',
    });
    expect(row!.raw).toMatchObject({ LogonType: 3, EventID: 4625 });
  });

  it('stores NDJSON and { events } alike; an event naming a known source keeps it', async () => {
    const token = await c.tokenFor(globex(), 'syslog');
    const ndjson = `${JSON.stringify({ message: 'ndjson one', host: 'gx-fw' })}\n\n${JSON.stringify({ message: 'ndjson two', source: 'firewall' })}\n`;
    const first = await c.ingest(token, ndjson, { headers: { 'content-type': 'application/x-ndjson' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ stored: 2 });
    const second = await c.ingest(token, { events: [{ message: 'wrapped', source: 'not-a-source' }] });
    expect(second.statusCode, second.body).toBe(200);
    const rows = await stored(sql`customer_id = ${globex()}`);
    expect(rows.map((r) => [r.message, r.source])).toEqual([
      ['ndjson one', 'syslog'],
      ['ndjson two', 'firewall'],
      ['wrapped', 'syslog'],
    ]);
  });

  it('stores events of several days, creating their partitions', async () => {
    const token = await c.tokenFor(acme());
    const old = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const response = await c.ingest(token, [
      { '@timestamp': old, message: 'five days ago' },
      { timestamp: Math.floor(Date.now() / 1000), message: 'epoch seconds' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const rows = resultRows<{ message: string; day: string }>(
      await c.t.database.db.execute(
        sql`select message, tableoid::regclass::text as day from log_events where message in ('five days ago', 'epoch seconds') order by time`,
      ),
    );
    expect(rows.map((r) => r.day)).toEqual([
      `log_events_${old.slice(0, 10).replaceAll('-', '')}`,
      `log_events_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`,
    ]);
  });

  it('concurrent batches of a day without a partition all store (one creates it)', async () => {
    const token = await c.tokenFor(acme());
    const day = new Date(Date.now() - 12 * 86_400_000).toISOString();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, n) => c.ingest(token, [{ '@timestamp': day, message: `racing ${n}` }])),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await stored(sql`message like 'racing %'`)).length).toBe(4);
  });

  it('refuses missing, unknown and revoked tokens with 401, before reading the batch', async () => {
    expect((await c.ingest(null, [{ message: 'x' }])).statusCode).toBe(401);
    expect((await c.ingest(`00000000-0000-4000-8000-000000000000.${'y'.repeat(43)}`, [{}])).statusCode).toBe(
      401,
    );
    const token = await c.tokenFor(acme());
    const [id] = token.split('.');
    expect((await c.ingest(`${id}.${'z'.repeat(43)}`, [{ message: 'x' }])).statusCode).toBe(401);
    const revoke = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: `/api/search/v1/ingest-tokens/${id}/revoke`,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const refused = await c.ingest(token, [{ message: 'after revoke' }]);
    expect(refused.statusCode).toBe(401);
    expect(await stored(sql`message = 'after revoke'`)).toEqual([]);
  });

  it('answers 400 for a bad batch and stores none of it', async () => {
    const token = await c.tokenFor(acme());
    const badLine = await c.ingest(token, `{"message":"fine line"}\n{not json`, {
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().error.details[0].field).toBe('body line 2');
    const notObjects = await c.ingest(token, [{ message: 'fine line' }, 'text']);
    expect(notObjects.statusCode).toBe(400);
    expect((await c.ingest(token, [])).statusCode).toBe(400);
    expect(await stored(sql`message = 'fine line'`)).toEqual([]);
  });

  it('answers 413 over the size limit and stores nothing', async () => {
    const token = await c.tokenFor(acme());
    const big = Array.from({ length: 300 }, (_, i) => ({ message: `too big ${i}`, pad: 'x'.repeat(100) }));
    const response = await c.ingest(token, big);
    expect(response.statusCode).toBe(413);
    expect(await stored(sql`message like 'too big %'`)).toEqual([]);
  });

  it('only staff manage ingest tokens, and only for their customers', async () => {
    const asCustomer = await c.t.as(c.t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: acme(), name: 'Mine', source: 'windows' },
    });
    expect(asCustomer.statusCode).toBe(403);
    const unknownSource = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: acme(), name: 'Mine', source: 'nope' },
    });
    expect(unknownSource.statusCode).toBe(400);
    expect(unknownSource.json().error.details[0]).toEqual({
      field: 'source',
      reason: 'is not a known source',
    });
    const list = await c.t.as(c.t.fixtures.analyst, { url: '/api/search/v1/ingest-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens.length).toBeGreaterThan(0);
    expect(JSON.stringify(list.json())).not.toContain('secret');
  });
});

describe.each(backends())('log ingest back-pressure on %s', (backend) => {
  const c = logsContext(backend, { INGEST_MAX_IN_FLIGHT: '1' });

  it('answers 429 with Retry-After while every slot is taken, before reading the batch', async () => {
    const token = await c.tokenFor(c.t.fixtures.acme.customerId);
    // A slow shipper holds the one slot while its body is still arriving.
    const slow = new PassThrough();
    const first = c.ingest(token, slow as never);
    slow.write('[{"message":"held ');
    // Its token is read before it takes the slot: wait for that, not for a while.
    await vi.waitFor(() => expect(ingestSlotsTaken()).toBe(1), { timeout: 10_000 });
    const refused = await c.ingest(token, [{ message: 'refused' }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    slow.end('slot"}]');
    expect((await first).statusCode).toBe(200);
    // The slot is free again once the answer is sent.
    const again = await c.ingest(token, [{ message: 'after the slot freed' }]);
    expect(again.statusCode, again.body).toBe(200);
    const rows = resultRows<{ message: string }>(
      await c.t.database.db.execute(sql`select message from log_events order by time, id`),
    );
    expect(rows.map((r) => r.message)).toEqual(['held slot', 'after the slot freed']);
  });
});
