import { describe, expect, it } from 'vitest';
import type { Lookalike } from '../../../src/web/features/domains/api.ts';
import { looksLikeDomain, namesOf } from '../../../src/web/features/domains/domain-names.ts';
import { sortLookalikes } from '../../../src/web/features/domains/lookalike-sort.ts';

describe('bulk domain names', () => {
  it('splits lines, commas and spaces, drops blanks and repeats', () => {
    expect(namesOf('acme.com\n\n acme.de, acme.com;shop.acme.com ')).toEqual([
      'acme.com',
      'acme.de',
      'shop.acme.com',
    ]);
  });

  it('accepts what the server accepts and refuses the rest', () => {
    for (const ok of ['acme.com', 'Acme.COM.', 'bücher.example', 'a-b.co.uk'])
      expect(looksLikeDomain(ok)).toBe(true);
    for (const bad of ['localhost', '-bad-.com', 'acme..com', 'http://acme.com', 'acme.c0m', 'a b.com'])
      expect(looksLikeDomain(bad)).toBe(false);
  });
});

describe('sorting lookalikes', () => {
  const row = (name: string, risk: number, age: number | null) =>
    ({ name, risk, age_days: age }) as Lookalike;
  const rows = [row('b.com', 50, 10), row('a.com', 50, null), row('c.com', 90, 400)];

  it('orders by the column both ways, ties by name, unknown ages last', () => {
    expect(sortLookalikes(rows, 'risk', 'desc').map((r) => r.name)).toEqual(['c.com', 'a.com', 'b.com']);
    expect(sortLookalikes(rows, 'risk', 'asc').map((r) => r.name)).toEqual(['a.com', 'b.com', 'c.com']);
    expect(sortLookalikes(rows, 'age_days', 'asc').map((r) => r.name)).toEqual(['b.com', 'c.com', 'a.com']);
    expect(sortLookalikes(rows, 'age_days', 'desc').map((r) => r.name)).toEqual(['c.com', 'b.com', 'a.com']);
  });
});
