import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refang } from '../../../src/server/areas/threat/refang.ts';
import { threatIndicators, threatSightings, threatWarningList } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { formWithFile } from '../../helpers/multipart.ts';

const HASH = '44d88612fea8a8f36de82e1278abb02f';

describe('refanging', () => {
  it.each([
    ['hxxp://evil[.]example[.]com/path', 'http://evil.example.com/path'],
    ['hXXps[:]//a(.)example{.}org', 'https://a.example.org'],
    ['198[.]51[.]100[.]7', '198.51.100.7'],
    ['bob[at]example[dot]com', 'bob@example.com'],
    ['"evil.example.com",', 'evil.example.com'],
  ])('%s is %s', (input, expected) => {
    expect(refang(input)).toBe(expected);
  });
});

describe.each(backends())('bulk look-ups on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.db;
    await db.insert(threatIndicators).values([
      { kind: 'ip', value: '198.51.100.7', det: 'B', risk: 90, source: 'hosts', country: 'RU' },
      {
        kind: 'domain',
        value: 'evil.example.com',
        det: 'B',
        risk: 80,
        source: 'hosts',
        threatCategories: ['=HYPERLINK("x")'],
      },
      { kind: 'file', value: HASH, det: 'B', risk: 100, source: 'misp', malwareGroup: 'EICAR' },
      { kind: 'domain', value: 'cdn.good.example', det: 'B', risk: 60 },
    ]);
    await db.insert(threatWarningList).values({ kind: 'domain', value: 'good.example', list: 'top sites' });
  });
  afterAll(() => t.close());

  const bulk = (text: string, format = 'json', user = t.fixtures.acmeUser) =>
    t.as(user, { method: 'POST', url: `/api/threat/bulk?format=${format}`, payload: { text } });

  const FILE = [
    '# from the incident channel',
    'hxxp://evil[.]example[.]com/login',
    '198[.]51[.]100[.]7',
    '198.51.100.7',
    HASH.toUpperCase(),
    'cdn.good.example',
    'bob[at]example[.]com',
    'unknown.example.net',
    'not an indicator',
    '',
  ].join('\n');

  it('refangs, deduplicates, classifies and scores each line; records sightings; marks e-mail for breach queries', async () => {
    const response = await bulk(FILE);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({ indicators: 6, unrecognised: 1, duplicates: 1 });
    const summary = body.results.map((r: Record<string, unknown>) => [
      r.line,
      r.kind,
      r.scored,
      r.det,
      r.risk,
      r.source,
      r.note,
    ]);
    expect(summary).toEqual([
      [2, 'url', 'evil.example.com', 'B', 80, 'hosts', null],
      [3, 'ip', '198.51.100.7', 'B', 90, 'hosts', null],
      [5, 'file', HASH, 'B', 100, 'misp', null],
      [6, 'domain', 'cdn.good.example', 'G', 0, 'warning list', null],
      [7, 'email', null, 'U', 0, null, 'breach_lookup_not_configured'],
      [8, 'domain', 'unknown.example.net', 'U', 0, null, null],
    ]);
    const sightings = await t.database.db.select().from(threatSightings);
    expect(sightings.filter((s) => s.context === 'bulk')).toHaveLength(5);
    expect(sightings.every((s) => s.customerId === t.fixtures.acme.customerId)).toBe(true);
  });

  it('downloads as CSV through the shared writer, formula cells neutralised', async () => {
    const response = await bulk(FILE, 'csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('threat-lookup.csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"line","kind","value","scored","det","risk","country","threat_categories","malware_group","source","note","breaches"',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toBe('"3","ip","198.51.100.7","198.51.100.7","B","90","RU","","","hosts","",""');
  });

  it('takes the file uploaded in a form (multipart/form-data), with the size limit a clear 413', async () => {
    const form = await formWithFile(FILE, 'incident.txt');
    const response = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk?format=csv',
      ...form,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.some((l) => l.includes('198.51.100.7') && l.includes('90'))).toBe(true);

    const tooLarge = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      ...(await formWithFile('a'.repeat(1024 * 1024 + 1))),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'too_large',
      details: [{ field: 'file', reason: 'is larger than 1 MiB' }],
    });
    const empty = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      ...(await formWithFile('')),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'file', reason: 'is empty: the file has no bytes' },
    ]);
    const wrongField = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      ...(await formWithFile(FILE, 'a.txt', 'document')),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.details[0].field).toBe('file');
    const nul = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      ...(await formWithFile('198.51.100.7\u0000\n')),
    });
    expect(nul.statusCode).toBe(400);
  });

  it('takes the file itself as text/plain', async () => {
    const response = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk?format=csv',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: FILE,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(7);
    const blank = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      headers: { 'content-type': 'text/plain' },
      payload: '\n\n',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details).toEqual([
      { field: 'text', reason: 'is empty: the file has no lines' },
    ]);
    const tooLarge = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      headers: { 'content-type': 'text/plain' },
      payload: 'a'.repeat(1024 * 1024 + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBeTruthy();
  });

  it('limits are clear errors', async () => {
    const many = Array.from(
      { length: 10_001 },
      (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    ).join('\n');
    const tooMany = await bulk(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([
      { field: 'text', reason: 'holds 10001 indicators; at most 10000 can be looked up at once' },
    ]);
    const empty = await bulk('');
    expect(empty.statusCode).toBe(400);
  });
});
