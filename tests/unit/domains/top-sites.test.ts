import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popularityWeight, riskBreakdown } from '../../../src/server/areas/domains/risk.ts';
import { parseTopSites, topSiteRanks } from '../../../src/server/areas/domains/top-sites.ts';

describe('a top-sites list as the popularity of lookalikes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'top-sites-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the Tranco CSV (rank,domain) and plain lists (the line is the rank)', () => {
    expect([...parseTopSites('rank,domain\r\n1,google.com\r\n2,Example.COM.\r\n3,google.com\r\n')]).toEqual([
      ['google.com', 1],
      ['example.com', 2],
    ]);
    expect([...parseTopSites('# top\nfirst.example\n\nsecond.example\n')]).toEqual([
      ['first.example', 1],
      ['second.example', 2],
    ]);
  });

  it('is unknown without a list, and read again when the file changes', async () => {
    expect((await topSiteRanks(undefined)).size).toBe(0);
    const path = join(dir, 'tranco.csv');
    await writeFile(path, '1,acme-login.com\n');
    expect((await topSiteRanks(path)).get('acme-login.com')).toBe(1);
    await writeFile(path, '1,other.example\n250000,acme-login.com\n');
    await utimes(path, new Date(), new Date(Date.now() + 5000));
    expect((await topSiteRanks(path)).get('acme-login.com')).toBe(250_000);
    await expect(topSiteRanks(join(dir, 'missing.csv'))).rejects.toThrow();
  });

  it('explains popularity as a factor whose weight follows the rank', () => {
    expect([popularityWeight(1), popularityWeight(50_000), popularityWeight(900_000)]).toEqual([
      -20, -15, -10,
    ]);
    const state = { registered: true, resolves: true, hasMx: false, servesPage: false };
    const base = {
      fuzzer: 'addition',
      state,
      wildcard: false,
      addresses: ['192.0.2.1'],
      mx: [],
      ageDays: null,
    };
    expect(riskBreakdown({ ...base, popularity: 42 })).toContainEqual({
      factor: 'popularity',
      weight: -20,
      detail: '42',
    });
    expect(riskBreakdown({ ...base, popularity: null }).some((f) => f.factor === 'popularity')).toBe(false);
  });
});
