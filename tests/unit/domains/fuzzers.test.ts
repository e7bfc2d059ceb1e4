import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addition } from '../../../src/server/areas/domains/fuzzers/addition.ts';
import { bitsquatting } from '../../../src/server/areas/domains/fuzzers/bitsquatting.ts';
import { cyrillic } from '../../../src/server/areas/domains/fuzzers/cyrillic.ts';
import { dictionary } from '../../../src/server/areas/domains/fuzzers/dictionary.ts';
import { homoglyph } from '../../../src/server/areas/domains/fuzzers/homoglyph.ts';
import { hyphenation } from '../../../src/server/areas/domains/fuzzers/hyphenation.ts';
import { FUZZERS, generateCandidates } from '../../../src/server/areas/domains/fuzzers/index.ts';
import { insertion } from '../../../src/server/areas/domains/fuzzers/insertion.ts';
import { omission } from '../../../src/server/areas/domains/fuzzers/omission.ts';
import { repetition } from '../../../src/server/areas/domains/fuzzers/repetition.ts';
import { replacement } from '../../../src/server/areas/domains/fuzzers/replacement.ts';
import { subdomain } from '../../../src/server/areas/domains/fuzzers/subdomain.ts';
import { tldSwap } from '../../../src/server/areas/domains/fuzzers/tld-swap.ts';
import { transposition } from '../../../src/server/areas/domains/fuzzers/transposition.ts';
import { vowelSwap } from '../../../src/server/areas/domains/fuzzers/vowel-swap.ts';

const set = (names: Iterable<string>) => new Set(names);

// Expected names come from dnstwist's published scan of google.com (docs/examples/google.com.csv).
describe("fuzzers against dnstwist's google.com example", () => {
  it('addition appends a letter or digit', () => {
    const names = set(addition('google'));
    for (const n of ['googlea', 'googlez', 'google0', 'google9']) expect(names).toContain(n);
    expect(names.size).toBe(36);
  });

  it('bitsquatting flips one bit', () => {
    expect([...bitsquatting('google')]).toEqual(
      'foogle eoogle coogle ooogle woogle gnogle gmogle gkogle ggogle gongle gomgle gokgle goggle goofle gooele goocle gooole goowle googme googne googhe googde googld googlg googla googlm googlu'.split(
        ' ',
      ),
    );
  });

  it('cyrillic swaps the whole label or nothing', () => {
    expect([...cyrillic('google')]).toEqual(['ԍооԍӏе']);
    expect([...cyrillic('zoom')]).toEqual([]);
  });

  it('homoglyph finds look-alike characters once and twice', () => {
    const names = set(homoglyph('google'));
    for (const n of ['g00gle', 'qooqle', 'gooqle', 'g0ogle', 'qoogle', 'googie', 'go0gle', 'goog1e'])
      expect(names).toContain(n);
    for (const puny of ['xn--ggle-0nda', 'xn--googl-lsa', 'xn--gogle-jye'])
      expect(names).toContain(domainToUnicode(`${puny}.com`).replace(/\.com$/, ''));
    expect(names).not.toContain('google');
  });

  it('hyphenation, omission, repetition, subdomain and transposition', () => {
    expect([...hyphenation('google')]).toEqual(['g-oogle', 'go-ogle', 'goo-gle', 'goog-le', 'googl-e']);
    expect(set(omission('google'))).toEqual(set(['oogle', 'gogle', 'googe', 'googl', 'goole']));
    expect(set(repetition('google'))).toEqual(set(['ggoogle', 'gooogle', 'googgle', 'googlle', 'googlee']));
    // The current source stops one short of the end (the example predates that): no googl.e.
    expect([...subdomain('google')]).toEqual(['g.oogle', 'go.ogle', 'goo.gle', 'goog.le']);
    expect(set(transposition('google'))).toEqual(set(['ogogle', 'google', 'gogole', 'goolge', 'googel']));
  });

  it('insertion and replacement use neighbouring keys', () => {
    const inserted = set(insertion('google'));
    for (const n of ['goopgle', 'googlke', 'go0ogle', 'gloogle', 'g9oogle', 'googple'])
      expect(inserted).toContain(n);
    const replaced = set(replacement('google'));
    for (const n of [
      'googke',
      'gpogle',
      'toogle',
      'googlw',
      'hoogle',
      'g9ogle',
      'zoogle',
      'googl3',
      'boogle',
      'yoogle',
    ])
      expect(replaced).toContain(n);
  });

  it('vowel-swap replaces each vowel by every vowel', () => {
    const names = set(vowelSwap('google'));
    for (const n of ['gaogle', 'geogle', 'googlo', 'googli', 'guogle', 'gougle', 'goegle', 'goagle'])
      expect(names).toContain(n);
  });

  it('dictionary and tld-swap add words and suffixes', () => {
    expect(set(dictionary('acme', ['login']))).toEqual(
      set(['acme-login', 'acmelogin', 'login-acme', 'loginacme']),
    );
    expect(set(dictionary('acme-bank', ['pay']))).toContain('acme-pay');
    expect(set(dictionary('acme-bank', ['pay']))).toContain('pay-bank');
    expect([...tldSwap('com', ['com', 'net', 'co.uk'])]).toEqual(['net', 'co.uk']);
  });
});

describe('generateCandidates', () => {
  it('credits each name to the first fuzzer, encodes punycode and keeps the public suffix', () => {
    const candidates = generateCandidates('google.com');
    const byName = new Map(candidates.map((c) => [c.name, c.fuzzer]));
    expect(byName.get('googlea.com')).toBe('addition');
    expect(byName.get('foogle.com')).toBe('bitsquatting');
    expect(byName.get('xn--ggle-0nda.com')).toBe('homoglyph');
    expect(byName.get('goo.gle.com')).toBe('subdomain');
    expect(byName.get('google.net')).toBe('tld-swap');
    expect(byName.get('google-login.com')).toBe('dictionary');
    expect(byName.has('google.com')).toBe(false);
    expect(new Set(candidates.map((c) => c.fuzzer))).toEqual(new Set(FUZZERS));
    expect(candidates.every((c) => /^[a-z0-9.-]+$/.test(c.name))).toBe(true);
    const uk = generateCandidates('acme.co.uk');
    expect(uk.find((c) => c.name === 'acmr.co.uk')?.fuzzer).toBe('replacement');
    expect(uk.some((c) => c.name === 'acme.com')).toBe(true);
  });
});
