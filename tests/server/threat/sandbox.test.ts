import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entropy, printableStrings } from '../../../src/server/areas/threat/sandbox-analysis.ts';
import { threatIndicators, threatSightings } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { formWithFile } from '../../helpers/multipart.ts';

// A PNG header, then text a dropper might carry: a C2 address, a defanged domain, a URL, a hash.
const SAMPLE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from('\0\0connect 203.0.113.9 then hxxp://payload[.]bad.example/stage2\x01\x01'),
  Buffer.from('mail ops@bad.example\0', 'utf16le'),
  Buffer.from('\0\0 hi! \0'),
]);

describe('static analysis', () => {
  it('measures entropy in bits a byte', () => {
    expect(entropy(Buffer.alloc(1000, 7))).toBe(0);
    expect(entropy(Buffer.from([0, 1, 0, 1]))).toBe(1);
    expect(entropy(randomBytes(65536))).toBeGreaterThan(7.9);
  });
  it('finds ASCII and UTF-16LE printable runs of six or more', () => {
    const strings = printableStrings(SAMPLE);
    expect(strings).toContain('connect 203.0.113.9 then hxxp://payload[.]bad.example/stage2');
    expect(strings).toContain('mail ops@bad.example');
    expect(strings).not.toContain(' hi! ');
  });
});

describe.each(backends())('the sandbox on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.database.db.insert(threatIndicators).values([
      { kind: 'ip', value: '203.0.113.9', det: 'B', risk: 95, source: 'c2-feed', malwareGroup: 'Qakbot' },
      {
        kind: 'file',
        value: createHash('sha256').update(SAMPLE).digest('hex'),
        det: 'B',
        risk: 70,
        source: 'misp',
      },
    ]);
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, user = t.fixtures.acmeUser, name = 'sample.png') =>
    t.as(user, {
      method: 'POST',
      url: `/api/threat/sandbox?name=${encodeURIComponent(name)}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  it('reports hashes, size, type from magic bytes, entropy, strings and the indicators in them, matched against the store', async () => {
    const response = await upload(SAMPLE);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      name: 'sample.png',
      size: SAMPLE.length,
      md5: createHash('md5').update(SAMPLE).digest('hex'),
      sha1: createHash('sha1').update(SAMPLE).digest('hex'),
      sha256: createHash('sha256').update(SAMPLE).digest('hex'),
      type: { ext: 'png', mime: 'image/png' },
    });
    expect(report.entropy).toBeGreaterThan(0);
    expect(report.entropy).toBeLessThan(8);
    expect(report.verdict).toMatchObject({ kind: 'file', det: 'B', risk: 70, source: 'misp' });
    expect(report.indicators.map((i: Record<string, unknown>) => [i.kind, i.value, i.det, i.risk])).toEqual([
      ['ip', '203.0.113.9', 'B', 95],
      ['url', 'http://payload.bad.example/stage2', 'U', 0],
      ['email', 'ops@bad.example', 'U', 0],
    ]);
    expect(report.indicators[0].malware_group).toBe('Qakbot');
    const sightings = await t.database.db.select().from(threatSightings);
    expect(sightings.filter((s) => s.context === 'sandbox').map((s) => s.value)).toContain('203.0.113.9');
    expect(sightings.every((s) => s.customerId === t.fixtures.acme.customerId)).toBe(true);
  });

  it('says what it cannot tell: unknown type is null', async () => {
    const response = await upload(Buffer.from('just some plain text here\n'));
    expect(response.json()).toMatchObject({ type: null, indicators: [], verdict: { det: 'U' } });
  });

  it('refuses an empty file and one over 10 MiB (413) with clear errors', async () => {
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('file');
    const large = await upload(Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBeTruthy();
  });

  it('takes the file uploaded in a form, named by its file name, with the 10 MiB limit a clear 413', async () => {
    const response = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/sandbox',
      ...(await formWithFile(SAMPLE, 'dropper.png')),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'dropper.png',
      size: SAMPLE.length,
      sha256: createHash('sha256').update(SAMPLE).digest('hex'),
      verdict: { det: 'B', risk: 70 },
    });
    const large = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/sandbox',
      ...(await formWithFile(Buffer.alloc(10 * 1024 * 1024 + 1), 'big.bin')),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error.details).toEqual([{ field: 'file', reason: 'is larger than 10 MiB' }]);
    const none = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/sandbox',
      ...(await formWithFile(Buffer.alloc(0), 'empty.bin')),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toEqual([{ field: 'file', reason: 'is empty: the file has no bytes' }]);
  });

  it("never shows one customer's sandbox sightings to another", async () => {
    await upload(SAMPLE, t.fixtures.globexUser);
    const acme = await t.as(t.fixtures.acmeUser, { method: 'GET', url: '/api/threat/ip/203.0.113.9' });
    // Acme's own two sandbox runs and this look-up; Globex's upload is not counted for Acme.
    expect(acme.json().sightings.count).toBe(3);
  });
});
