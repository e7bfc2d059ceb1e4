import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countryOf } from '../../../src/server/areas/domains/enrich.ts';

// A MaxMind DB file written by hand (MaxMind DB format 2.0): one IPv4 network, 192.0.2.0/24 → NL.
const str = (s: string) => Buffer.concat([Buffer.from([0x40 | s.length]), Buffer.from(s)]);
const u16 = (n: number) => Buffer.from([0xa1, n]);
const map = (entries: [string, Buffer][]) =>
  Buffer.concat([Buffer.from([0xe0 | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);

function tinyCountryDatabase(): Buffer {
  const prefix = [192, 0, 2];
  const nodeCount = 24;
  const data = nodeCount + 16; // the first record of the data section
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i++) {
    const bit = (prefix[Math.floor(i / 8)]! >> (7 - (i % 8))) & 1;
    const match = i === nodeCount - 1 ? data : i + 1;
    tree.writeUIntBE(bit === 0 ? match : nodeCount, i * 6, 3);
    tree.writeUIntBE(bit === 1 ? match : nodeCount, i * 6 + 3, 3);
  }
  const record = map([['country', map([['iso_code', str('NL')]])]]);
  const metadata = map([
    ['node_count', Buffer.from([0xc1, nodeCount])],
    ['record_size', u16(24)],
    ['ip_version', u16(4)],
    ['database_type', str('Test-Country')],
    ['languages', Buffer.concat([Buffer.from([0x01, 0x04]), str('en')])],
    ['binary_format_major_version', u16(2)],
    ['binary_format_minor_version', Buffer.from([0xa0])],
    ['build_epoch', Buffer.from([0x04, 0x02, 0x69, 0x00, 0x00, 0x00])],
    ['description', map([['en', str('test')]])],
  ]);
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    record,
    Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
    metadata,
  ]);
}

describe('country from a local GeoIP database', () => {
  it('answers the ISO country of an address in it, null otherwise', async () => {
    const file = join(tmpdir(), `wf-geoip-${process.pid}.mmdb`);
    writeFileSync(file, tinyCountryDatabase());
    expect(await countryOf(file, '192.0.2.7')).toBe('NL');
    expect(await countryOf(file, '198.51.100.1')).toBeNull();
  });
});
