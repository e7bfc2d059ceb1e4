import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_FILE_MAX_BYTES, SANDBOX_MAX_BYTES } from '../../../src/api/limits.ts';
import { jobs, threatSightings } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { formWithFile } from '../../helpers/multipart.ts';

const MiB = 1024 * 1024;

/**
 * A form sent the way a slow network delivers it: the part's headers and exactly `firstBytes` of
 * the file in one piece, then, a moment later each, a 64 KiB piece and the rest. A reader that
 * only notices the limit on a chunk it has not consumed yet takes the first piece as the file.
 */
async function slowForm(bytes: Buffer, firstBytes: number) {
  const { payload, headers } = await formWithFile(bytes, 'sample.bin');
  const fileStart = payload.indexOf(bytes.subarray(0, 16));
  const cut = fileStart + firstBytes;
  async function* pieces() {
    yield payload.subarray(0, cut);
    await sleep(5);
    yield payload.subarray(cut, cut + 64 * 1024);
    await sleep(5);
    if (cut + 64 * 1024 < payload.length) yield payload.subarray(cut + 64 * 1024);
  }
  return { payload: Readable.from(pieces(), { objectMode: false }), headers };
}

/** Bytes that are neither all one value nor text a look-up would take as indicators. */
const fileOf = (size: number, line = 'not an indicator at all\n') => Buffer.alloc(size, Buffer.from(line));

// Reading a body to its limit happens before any query, the same code on either database: one
// database is enough, and keeps these megabytes from being sent twice.
describe.each(backends().slice(0, 1))('uploads past their limit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  }, 300_000);
  afterAll(() => t.close());

  const stored = async () => {
    const [sightings] = await t.database.db.select({ n: count() }).from(threatSightings);
    const [queued] = await t.database.db.select({ n: count() }).from(jobs);
    return { sightings: sightings!.n, jobs: queued!.n };
  };

  const send = (url: string, form: { payload: Buffer | Readable; headers: Record<string, string> }) =>
    t.as(t.fixtures.acmeUser, { method: 'POST', url, ...form });

  const routes = [
    { url: '/api/threat/sandbox', limit: SANDBOX_MAX_BYTES, sizes: [16, 48], named: '10 MiB' },
    { url: '/api/threat/bulk', limit: BULK_FILE_MAX_BYTES, sizes: [2, 20], named: '1 MiB' },
  ];

  for (const { url, limit, sizes, named } of routes) {
    it(`${url}: files of ${sizes.join(', ')} MiB are refused with 413 however they arrive, and nothing is stored`, async () => {
      const before = await stored();
      for (const size of sizes) {
        const bytes = fileOf(size * MiB);
        const deliveries = [
          await formWithFile(bytes, 'sample.bin'),
          await slowForm(bytes, limit),
          await slowForm(bytes, limit + 1),
        ];
        for (const form of deliveries) {
          const response = await send(url, form);
          expect(response.statusCode, `${size} MiB: ${response.body.slice(0, 200)}`).toBe(413);
          expect(response.json().error).toEqual({
            code: 'too_large',
            message: `file: is larger than ${named}`,
            details: [{ field: 'file', reason: `is larger than ${named}` }],
          });
        }
      }
      expect(await stored()).toEqual(before);
    }, 120_000);

    it(`${url}: a file of exactly the limit is read whole, however it arrives`, async () => {
      const bytes = fileOf(limit);
      for (const form of [await formWithFile(bytes, 'sample.bin'), await slowForm(bytes, limit - 1)]) {
        const response = await send(url, form);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        if (url.endsWith('sandbox'))
          expect(response.json()).toMatchObject({
            size: limit,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          });
      }
      const over = await send(url, await slowForm(fileOf(limit + 1), limit));
      expect(over.statusCode).toBe(413);
    }, 120_000);
  }

  it('a sandbox file sent as the body itself is refused past 10 MiB with the same answer', async () => {
    for (const size of [16, 48]) {
      const response = await t.as(t.fixtures.acmeUser, {
        method: 'POST',
        url: '/api/threat/sandbox',
        headers: { 'content-type': 'application/octet-stream' },
        payload: fileOf(size * MiB),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.details).toEqual([{ field: 'file', reason: 'is larger than 10 MiB' }]);
    }
  });
});
