import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboundSettings } from '../../../src/server/config.ts';
import { checkOutboundUrl, refusedRange } from '../../../src/server/platform/outbound/index.ts';

// The refused ranges, written out here rather than taken from the guard, so the property checks
// the guard against an independent list.
const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
/** IPv6 blocks that are no place on the internet: [first hextets, prefix length]. */
const REFUSED_V6: [number[], number][] = [
  [[0], 128], // ::
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // ::1
  [[0xfe80], 10],
  [[0xfc00], 7],
  [[0xff00], 8],
  [[0xfec0], 10],
  [[0x2001, 0xdb8], 32],
  [[0x0100], 64],
  [[0x4000], 2], // outside 2000::/3
];

const toInt = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const octets = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const dotted = (n: number) => octets(n).join('.');
const inV4 = (n: number, [base, bits]: [string, number]) =>
  bits === 0 || n >>> (32 - bits) === toInt(base) >>> (32 - bits);

const refusedV4 = fc
  .tuple(fc.constantFrom(...REFUSED_V4), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
  .map(([[base, bits], random]) => (toInt(base) + (random % 2 ** (32 - bits))) >>> 0);
const publicV4 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .filter((n) => !REFUSED_V4.some((range) => inV4(n, range)));

type Radix = 'dec' | 'hex' | 'oct';
const radix = fc.constantFrom<Radix>('dec', 'hex', 'oct');
const write = (value: number, r: Radix) =>
  r === 'dec' ? String(value) : r === 'hex' ? `0x${value.toString(16)}` : `0${value.toString(8)}`;

/** Every way a URL's host can spell one IPv4 address (WHATWG URL parsing and IPv6 forms). */
const v4Notation = fc.oneof(
  fc.constant((n: number) => dotted(n)),
  radix.map((r) => (n: number) => write(n, r)), // one number: 2130706433, 0x7f000001, 017700000001
  fc.tuple(radix, radix, radix, radix).map(
    (rs) => (n: number) =>
      octets(n)
        .map((o, i) => write(o, rs[i]!))
        .join('.'),
  ), // 0177.0.0.0x1
  fc.tuple(radix, radix, radix).map(([a, b, c]) => (n: number) => {
    const [o1, o2] = octets(n);
    return `${write(o1!, a)}.${write(o2!, b)}.${write(n & 0xffff, c)}`; // 127.0.1
  }),
  fc.tuple(radix, radix).map(
    ([a, b]) =>
      (n: number) =>
        `${write(n >>> 24, a)}.${write(n & 0xffffff, b)}`,
  ), // 0x7f.1
  fc.constant((n: number) => `[::ffff:${dotted(n)}]`),
  fc.constant((n: number) => `[::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}]`),
  fc.constant((n: number) => `[0:0:0:0:0:FFFF:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}]`),
  fc.constant((n: number) => `[::ffff:0:${dotted(n)}]`), // IPv4-translated
  fc.constant((n: number) => `[64:ff9b::${dotted(n)}]`), // NAT64
  fc.constant((n: number) => `[2002:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1]`), // 6to4
  // Teredo: server 65.54.227.120, the client's address inverted.
  fc.constant(
    (n: number) => `[2001:0:4136:e378:8000:63bf:${(~n >>> 16).toString(16)}:${(~n & 0xffff).toString(16)}]`,
  ),
);

const hextets = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
const withPrefix = (prefix: number[], bits: number, random: number[]) =>
  random.map((h, i) => {
    const fixed = Math.max(0, Math.min(16, bits - i * 16));
    const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
    return ((prefix[i] ?? 0) & mask) | (h & ~mask & 0xffff);
  });
const refusedV6 = fc
  .tuple(fc.constantFrom(...REFUSED_V6), hextets)
  .map(([[prefix, bits], random]) => withPrefix(prefix, bits, random));
// Regional registries' global unicast space (2400::/6 … 2c00::/6 holds no special block).
const publicV6 = fc
  .tuple(fc.integer({ min: 0x2400, max: 0x2dff }), hextets)
  .map(([first, random]) => [first, ...random.slice(1)]);

/** Every way to write an IPv6 address: full, zero-padded, compressed, upper case. */
const v6Notation = fc.constantFrom(
  (h: number[]) => h.map((x) => x.toString(16)).join(':'),
  (h: number[]) => h.map((x) => x.toString(16).padStart(4, '0')).join(':'),
  (h: number[]) => {
    // The longest run of zero hextets as ::.
    let best = [-1, 0];
    for (let i = 0; i < 8; i++) {
      let j = i;
      while (j < 8 && h[j] === 0) j++;
      if (j - i > best[1]!) best = [i, j - i];
    }
    const [at, length] = best as [number, number];
    if (length < 2) return h.map((x) => x.toString(16)).join(':');
    const left = h
      .slice(0, at)
      .map((x) => x.toString(16))
      .join(':');
    const right = h
      .slice(at + length)
      .map((x) => x.toString(16))
      .join(':');
    return `${left}::${right}`;
  },
  (h: number[]) => h.map((x) => x.toString(16).toUpperCase()).join(':'),
);

const url = (host: string) => `http://${host}:8080/feed.txt`;
const refusesUrl = async (address: string) => !(await checkOutboundUrl(url(address))).ok;

describe('the outbound guard over address notations', () => {
  it('refuses every refused-range IPv4 address in every notation', async () => {
    await fc.assert(
      fc.asyncProperty(refusedV4, v4Notation, async (n, notation) => {
        expect(await refusesUrl(notation(n)), `${dotted(n)} as ${notation(n)}`).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('allows public IPv4 addresses in every notation', async () => {
    await fc.assert(
      fc.asyncProperty(publicV4, v4Notation, async (n, notation) => {
        expect(await refusesUrl(notation(n)), `${dotted(n)} as ${notation(n)}`).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every refused-range IPv6 address and allows public ones, however written', async () => {
    await fc.assert(
      fc.asyncProperty(refusedV6, v6Notation, async (h, notation) => {
        expect(await refusesUrl(`[${notation(h)}]`), notation(h)).toBe(true);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(publicV6, v6Notation, async (h, notation) => {
        expect(await refusesUrl(`[${notation(h)}]`), notation(h)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a name when any of its addresses is refused, however the resolver writes it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(publicV4.map(dotted), { maxLength: 3 }),
        fc.oneof(
          refusedV4.map(dotted),
          refusedV6.map((h) => h.map((x) => x.toString(16)).join(':')),
        ),
        fc.nat(),
        async (good, bad, at) => {
          const answer = [...good];
          answer.splice(at % (good.length + 1), 0, bad);
          const verdict = await checkOutboundUrl(url('feeds.example.com'), { resolve: async () => answer });
          expect(verdict.ok, answer.join(', ')).toBe(false);
        },
      ),
    );
    const onlyPublic = await checkOutboundUrl(url('feeds.example.com'), {
      resolve: async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
    expect(onlyPublic).toEqual({ ok: true });
  });

  it('names the address and why, for the examples people try first', async () => {
    const examples: [string, string][] = [
      ['http://2130706433/', '127.0.0.1 is a loopback address'],
      ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
      ['http://0177.0.0.1/', '127.0.0.1 is a loopback address'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is an IPv6 form of 127.0.0.1, a loopback address'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
      ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
      ['http://localhost:8080/', 'localhost resolves to 127.0.0.1, a loopback address'],
      ['file:///etc/passwd', 'must start with http:// or https://'],
    ];
    for (const [address, reason] of examples) {
      const verdict = await checkOutboundUrl(address);
      expect(verdict.ok, address).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toContain(reason);
    }
  });

  it('lets an administrator allow named hosts and address ranges, and nothing beside them', async () => {
    const settings = outboundSettings({
      OUTBOUND_ALLOW_HOSTS: 'feeds.corp.example, *.lab.example,10.20.0.0/16',
    });
    const resolve = async () => ['10.9.0.1'];
    expect(await checkOutboundUrl('https://feeds.corp.example/x', { settings, resolve })).toEqual({
      ok: true,
    });
    expect(await checkOutboundUrl('https://a.lab.example/x', { settings, resolve })).toEqual({ ok: true });
    expect((await checkOutboundUrl('https://other.corp.example/x', { settings, resolve })).ok).toBe(false);
    expect(await checkOutboundUrl('http://10.20.3.4/', { settings })).toEqual({ ok: true });
    expect(await checkOutboundUrl('http://[::ffff:10.20.3.4]/', { settings })).toEqual({ ok: true });
    expect((await checkOutboundUrl('http://10.21.0.1/', { settings })).ok).toBe(false);
    expect(() => outboundSettings({ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/99' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });

  it('reads the ranges of resolver answers in any notation too', () => {
    expect(refusedRange('0x7f000001')?.range).toBe('loopback');
    expect(refusedRange('::ffff:a9fe:a9fe')?.range).toBe('metadata');
    expect(refusedRange('8.8.8.8')).toBeNull();
  });
});
