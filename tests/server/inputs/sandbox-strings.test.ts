import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MAX_BYTES } from '../../../src/api/limits.ts';
import { printableStrings } from '../../../src/server/areas/threat/sandbox-analysis.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { formWithFile } from '../../helpers/multipart.ts';

describe('the strings pass', () => {
  it('reads a line of 200 KB as one string, whole', () => {
    const line = 'x'.repeat(200 * 1024);
    expect(printableStrings(Buffer.from(`${line}\n`))).toEqual([line]);
  });

  it('reads UTF-16LE runs of any length at either alignment', () => {
    const text = 'C:\\Windows\\System32\\'.repeat(10_000);
    const wide = Buffer.concat([Buffer.from([0x01]), Buffer.from(text, 'utf16le'), Buffer.from([0x01])]);
    expect(printableStrings(wide)).toContain(text);
  });
});

describe.each(backends())('sandbox analysis of awkward files on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  }, 300_000);
  afterAll(() => t.close());

  const analyse = async (bytes: Buffer, name: string) =>
    t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/sandbox',
      ...(await formWithFile(bytes, name)),
    });

  it('analyses a 200 KB text file, its indicators found', async () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(7600)} beacon to 198.51.100.23 done`;
    const response = await analyse(Buffer.from(text), 'notes.txt');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const report = response.json();
    expect(report.size).toBe(Buffer.byteLength(text));
    expect(report.strings.count).toBe(1);
    expect(report.strings.sample[0]).toHaveLength(1025);
    expect(report.indicators.map((i: { value: string }) => i.value)).toContain('198.51.100.23');
  });

  it('analyses 10 MiB that are one line, and 10 MiB of random bytes', async () => {
    const line = Buffer.alloc(SANDBOX_MAX_BYTES, 'http://a.example/');
    const oneLine = await analyse(line, 'one-line.txt');
    expect(oneLine.statusCode, oneLine.body.slice(0, 300)).toBe(200);
    expect(oneLine.json()).toMatchObject({ size: SANDBOX_MAX_BYTES, strings: { count: 1 } });
    const binary = await analyse(randomBytes(SANDBOX_MAX_BYTES), 'random.bin');
    expect(binary.statusCode, binary.body.slice(0, 300)).toBe(200);
    expect(binary.json().entropy).toBeGreaterThan(7.9);
  }, 300_000);
});
