import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runLogExport } from '../../../src/server/areas/logs/index.ts';
import { auditLog, logExports, mailOutbox } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(backends())('search export on %s', (backend) => {
  const c = logsContext(backend);
  let seeded = false;

  const searchOf = async (user: User, term = '') => {
    if (!seeded) {
      seeded = true;
      const acme = await c.tokenFor(c.t.fixtures.acme.customerId);
      const globex = await c.tokenFor(c.t.fixtures.globex.customerId);
      const ok = await c.ingest(acme, [
        {
          '@timestamp': minutesAgo(1),
          host: 'ACME-DC-01',
          user: 'j.smith',
          message: 'exportable one',
          LogonType: 3,
          geo: { country: 'FI' },
        },
        {
          '@timestamp': minutesAgo(2),
          host: 'ACME-WS-07',
          message: '=HYPERLINK("http://evil.example","x") exportable',
          LogonType: 2,
        },
        { '@timestamp': minutesAgo(3), host: 'ACME-FW', message: 'exportable three, with "quotes"' },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(
        (
          await c.ingest(globex, [
            { '@timestamp': minutesAgo(1), host: 'GLOBEX-DC', message: 'exportable globex secret' },
          ])
        ).statusCode,
      ).toBe(200);
    }
    const started = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/search/',
      payload: { search: { search_term: term } },
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().id as string;
  };
  const exportOf = (user: User, id: string, payload: Record<string, unknown>) =>
    c.t.as(user, { method: 'POST', url: `/api/search/v1/export/${id}`, payload });

  it('streams CSV through the one writer (quoted, formulas neutralised) and records row count, checksum and audit', async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await searchOf(user, 'exportable');
    const response = await exportOf(user, id, {
      mode: 'csv',
      size: 100,
      fields: ['time', 'host', 'message', 'LogonType'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"time","host","message","LogonType"');
    expect(lines.slice(1).map((line) => line.split('","')[1])).toEqual([
      'ACME-DC-01',
      'ACME-WS-07',
      'ACME-FW',
    ]);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example""`);
    expect(lines[3]).toContain('"exportable three, with ""quotes"""');
    expect(response.body).not.toContain('globex');
    const exportId = String(response.headers['x-export-id']);
    const [row] = await c.t.database.db.select().from(logExports).where(eq(logExports.id, exportId));
    expect(row).toMatchObject({ status: 'streamed', rowCount: 3, sha256: sha256(response.body) });
    const audited = await c.t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audited.map((a) => a.action)).toEqual(['export']);
    expect(audited[0]!.customerId).toBe(c.t.fixtures.acme.customerId);
  });

  it('streams NDJSON with nested raw fields; size limits the rows', async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await searchOf(user, 'exportable');
    const response = await exportOf(user, id, {
      mode: 'ndjson',
      size: 2,
      fields: ['host', 'geo.country', 'geo'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(
      response.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { host: 'ACME-DC-01', 'geo.country': 'FI', geo: { country: 'FI' } },
      { host: 'ACME-WS-07', 'geo.country': null, geo: null },
    ]);
  });

  it('streams JSON as one array of the events, and an empty one as []', async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await searchOf(user, 'exportable');
    const response = await exportOf(user, id, { mode: 'json', size: 2, fields: ['host', 'geo.country'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/\.json"?$/);
    expect(JSON.parse(response.body)).toEqual([
      { host: 'ACME-DC-01', 'geo.country': 'FI' },
      { host: 'ACME-WS-07', 'geo.country': null },
    ]);
    const none = await exportOf(user, await searchOf(user, 'nothing-matches-this-zzz'), {
      mode: 'json',
      size: 10,
      fields: ['host'],
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(JSON.parse(none.body)).toEqual([]);
  });

  it("refuses bad fields and large exports without a valid e-mail; another user's search is not found", async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await searchOf(user, 'exportable');
    const badField = await exportOf(user, id, { mode: 'csv', size: 10, fields: ['host', 'bad field!'] });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().error.details[0].field).toBe('fields[1]');
    const large = await exportOf(user, id, { mode: 'csv', size: 50_000, fields: ['host'] });
    expect(large.statusCode).toBe(400);
    expect(large.json().error.details[0]).toMatchObject({
      field: 'emails',
      reason: 'Please include a valid email to send the generated search to.',
    });
    const badEmail = await exportOf(user, id, {
      mode: 'csv',
      size: 10,
      fields: ['host'],
      emails: ['not-an-address'],
    });
    expect(badEmail.statusCode).toBe(400);
    const other = await exportOf(c.t.fixtures.globexUser, id, { mode: 'csv', size: 10, fields: ['host'] });
    expect(other.statusCode).toBe(404);
  });

  it('queues a large export; the job writes it, mails the link through the outbox, and the link downloads it', async () => {
    const user = c.t.fixtures.acmeUser;
    const id = await searchOf(user, 'exportable');
    const queued = await exportOf(user, id, {
      mode: 'csv',
      size: 20_000,
      fields: ['host', 'message'],
      emails: ['soc@acme.example'],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({
      status: 'queued',
      size: 20_000,
      emails: ['soc@acme.example'],
      row_count: null,
    });
    const exportId = queued.json().id as string;
    const db = c.t.database.db;
    const jobRows = await db.execute(sql`select payload from jobs where kind = 'log-export'`);
    expect(JSON.stringify(jobRows)).toContain(exportId);

    const tally = await runLogExport(db, exportId, 'https://console.example');
    expect(tally?.rows).toBe(3);
    expect(await runLogExport(db, exportId, 'https://console.example')).toBeNull();
    const mails = await db.select().from(mailOutbox);
    const mail = mails.find((m) => m.text.includes(exportId));
    expect(mail?.recipients).toEqual(['soc@acme.example']);
    const link = /https:\/\/console\.example(\/api\/search\/v1\/export\/\S+)/.exec(mail!.text)![1]!;
    const download = await c.t.app.inject({ url: link });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body.split('\r\n')[0]).toBe('"host","message"');
    expect(download.body).not.toContain('globex');
    expect(sha256(download.body)).toBe(tally!.sha256);
    const [row] = await db.select().from(logExports).where(eq(logExports.id, exportId));
    expect(row).toMatchObject({ status: 'ready', rowCount: 3, sha256: tally!.sha256 });
    const wrongKey = await c.t.app.inject({ url: `${link.split('?')[0]}?key=${'x'.repeat(43)}` });
    expect(wrongKey.statusCode).toBe(404);
  });
});
