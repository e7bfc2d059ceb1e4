import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allConditionsMatch,
  conditionMatches,
  fieldValue,
  isMuteField,
  type MatchableAlert,
  unsafeRegexReason,
} from '../../src/server/areas/mutes/conditions.ts';
import { findMatchingMute } from '../../src/server/areas/mutes/index.ts';
import type { Database } from '../../src/server/db/client.ts';
import { mutes } from '../../src/server/db/schema/index.ts';
import { backends, freshDatabase } from '../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../helpers/fixtures.ts';

const alert = (overrides: Partial<MatchableAlert> = {}): MatchableAlert => ({
  customerId: '00000000-0000-4000-8000-000000000001',
  title: 'Suspicious PowerShell on ACME-WS-01',
  type: 'edr',
  priority: 'high',
  hostName: 'ACME-WS-01',
  externalSource: 'defender',
  fields: { process: { name: 'powershell.exe', pid: 4242, elevated: true }, tags: ['a', 'b'], user: 'alice' },
  ...overrides,
});

describe('mute conditions', () => {
  it('knows which fields a mute may test', () => {
    for (const field of [
      'title',
      'type',
      'priority',
      'host_name',
      'external_source',
      'fields.user',
      'fields.process.name',
      'fields.@timestamp',
    ]) {
      expect(isMuteField(field), field).toBe(true);
    }
    for (const field of [
      'status',
      'customer_id',
      'fields',
      'fields.',
      'fields..x',
      'fields.a b',
      'fields.__proto__.x y',
      'hostName',
    ]) {
      expect(isMuteField(field), field).toBe(false);
    }
  });

  it('reads raw fields by dotted path; numbers and booleans as text, objects as JSON, missing as null', () => {
    const a = alert();
    expect(fieldValue(a, 'fields.process.name')).toBe('powershell.exe');
    expect(fieldValue(a, 'fields.process.pid')).toBe('4242');
    expect(fieldValue(a, 'fields.process.elevated')).toBe('true');
    expect(fieldValue(a, 'fields.tags')).toBe('["a","b"]');
    expect(fieldValue(a, 'fields.process.missing')).toBeNull();
    expect(fieldValue(a, 'fields.user.name')).toBeNull();
    expect(fieldValue(a, 'fields.constructor')).toBeNull();
    expect(fieldValue(alert({ hostName: null }), 'host_name')).toBeNull();
  });

  it('equals and not_equals compare whole values, ignoring case', () => {
    expect(conditionMatches(alert(), { field: 'priority', operator: 'equals', value: 'HIGH' })).toBe(true);
    expect(conditionMatches(alert(), { field: 'priority', operator: 'equals', value: 'hig' })).toBe(false);
    expect(conditionMatches(alert(), { field: 'priority', operator: 'not_equals', value: 'low' })).toBe(true);
    expect(conditionMatches(alert(), { field: 'priority', operator: 'not_equals', value: 'High' })).toBe(
      false,
    );
  });

  it('contains and starts_with look inside the value, ignoring case', () => {
    expect(conditionMatches(alert(), { field: 'title', operator: 'contains', value: 'powershell' })).toBe(
      true,
    );
    expect(conditionMatches(alert(), { field: 'title', operator: 'contains', value: 'bash' })).toBe(false);
    expect(conditionMatches(alert(), { field: 'host_name', operator: 'starts_with', value: 'acme-' })).toBe(
      true,
    );
    expect(conditionMatches(alert(), { field: 'host_name', operator: 'starts_with', value: 'WS-01' })).toBe(
      false,
    );
    expect(
      conditionMatches(alert(), { field: 'fields.process.name', operator: 'starts_with', value: 'POWER' }),
    ).toBe(true);
  });

  it('regex matches anywhere unless anchored, ignoring case', () => {
    expect(
      conditionMatches(alert(), { field: 'host_name', operator: 'regex', value: '^acme-ws-\\d+$' }),
    ).toBe(true);
    expect(conditionMatches(alert(), { field: 'host_name', operator: 'regex', value: 'ws-0[2-9]' })).toBe(
      false,
    );
    expect(conditionMatches(alert(), { field: 'title', operator: 'regex', value: 'shell' })).toBe(true);
    expect(conditionMatches(alert(), { field: 'title', operator: 'regex', value: '^shell' })).toBe(false);
  });

  it('a missing value matches only not_equals', () => {
    const a = alert({ hostName: null, externalSource: null });
    for (const operator of ['equals', 'contains', 'starts_with', 'regex']) {
      expect(conditionMatches(a, { field: 'host_name', operator, value: 'x' }), operator).toBe(false);
    }
    expect(conditionMatches(a, { field: 'host_name', operator: 'not_equals', value: 'x' })).toBe(true);
    expect(conditionMatches(a, { field: 'fields.nothing.here', operator: 'not_equals', value: 'x' })).toBe(
      true,
    );
  });

  it('refuses what it cannot evaluate safely: unknown field or operator, non-text value', () => {
    expect(conditionMatches(alert(), { field: 'status', operator: 'equals', value: 'new' })).toBe(false);
    expect(conditionMatches(alert(), { field: 'title', operator: 'like', value: 'x' })).toBe(false);
    expect(conditionMatches(alert(), { field: 'fields.process.pid', operator: 'equals', value: 4242 })).toBe(
      false,
    );
  });

  it('all conditions must match, and a mute without conditions matches nothing', () => {
    const both = [
      { field: 'type', operator: 'equals', value: 'edr' },
      { field: 'host_name', operator: 'starts_with', value: 'ACME' },
    ];
    expect(allConditionsMatch(alert(), both)).toBe(true);
    expect(allConditionsMatch(alert({ type: 'email' }), both)).toBe(false);
    expect(allConditionsMatch(alert({ hostName: 'GLOBEX-1' }), both)).toBe(false);
    expect(allConditionsMatch(alert(), [])).toBe(false);
  });

  it('accepts ordinary regular expressions', () => {
    for (const pattern of [
      '^ACME-',
      'powershell\\.exe$',
      '[0-9]{1,3}',
      'foo|bar',
      '(?:a|b)c',
      '.*ransom.*',
      'a+b*c?',
      'a*b*c*d*e*',
      '(x){2,}',
    ]) {
      expect(unsafeRegexReason(pattern), pattern).toBeNull();
    }
  });

  it('refuses regular expressions that are empty, too long or that RE2 cannot compile', () => {
    expect(unsafeRegexReason('')).toMatch(/empty/);
    expect(unsafeRegexReason('a'.repeat(201))).toMatch(/at most 200/);
    expect(unsafeRegexReason('(unclosed')).toMatch(/not valid.*missing closing \)/);
    expect(unsafeRegexReason('(a)\\1')).toMatch(/not valid.*invalid escape sequence/);
    expect(unsafeRegexReason('(?<n>a)\\k<n>')).toMatch(/not valid/);
    expect(unsafeRegexReason('a(?=b)')).toMatch(/not valid.*unsupported Perl syntax/);
    expect(unsafeRegexReason('(?<!a)b')).toMatch(/not valid/);
    expect(unsafeRegexReason('a{1000}{1000}')).toMatch(/not valid/);
  });

  it('matches named groups and Unicode classes as RE2 spells them', () => {
    const condition = (value: string) => ({ field: 'title', operator: 'regex', value });
    expect(conditionMatches(alert({ title: 'Café login' }), condition('(?<place>caf\\x{e9})'))).toBe(true);
    expect(conditionMatches(alert({ title: 'Käyttäjä' }), condition('^\\p{L}+$'))).toBe(true);
    expect(conditionMatches(alert({ title: 'user 42' }), condition('^\\p{L}+$'))).toBe(false);
  });

  it('answers patterns that backtrack catastrophically elsewhere, correctly', () => {
    // Nested quantifiers take exponential time on a backtracking engine; RE2 is linear.
    for (const value of ['(a+)+$', '(a|aa)*$', '(.*a){12}', '.*.*.*.*x']) {
      expect(unsafeRegexReason(value), value).toBeNull();
    }
    const noMatch = alert({ title: `${'a'.repeat(9_999)}!` });
    const match = alert({ title: 'a'.repeat(9_999) });
    expect(conditionMatches(noMatch, { field: 'title', operator: 'regex', value: '(a+)+$' })).toBe(false);
    expect(conditionMatches(match, { field: 'title', operator: 'regex', value: '(a+)+$' })).toBe(true);
    expect(conditionMatches(noMatch, { field: 'title', operator: 'regex', value: '(a|aa)*b' })).toBe(false);
    expect(conditionMatches(noMatch, { field: 'title', operator: 'regex', value: '(.*a){12}!' })).toBe(true);
    expect(conditionMatches(noMatch, { field: 'title', operator: 'regex', value: '.*.*.*.*x' })).toBe(false);
  });

  it('treats a stored pattern RE2 cannot compile as no match', () => {
    expect(conditionMatches(alert(), { field: 'title', operator: 'regex', value: 'shell(?=x)' })).toBe(false);
  });

  it('examines at most the first 10 000 characters of a value', () => {
    const long = alert({ title: `${'a'.repeat(10_000)}needle` });
    expect(conditionMatches(long, { field: 'title', operator: 'contains', value: 'needle' })).toBe(false);
    expect(conditionMatches(long, { field: 'title', operator: 'starts_with', value: 'aaa' })).toBe(true);
  });
});

describe.each(backends())('findMatchingMute on %s', (backend) => {
  let database: Database;
  let f: Fixtures;
  const ids: Record<string, string> = {};
  const hour = 3_600_000;

  beforeAll(async () => {
    database = await freshDatabase(backend);
    f = await insertFixtures(database.db);
    const now = Date.now();
    const host = [{ field: 'host_name', operator: 'equals', value: 'ACME-WS-01' }];
    const rows = await database.db
      .insert(mutes)
      .values([
        {
          customerId: f.acme.customerId,
          description: 'inactive',
          state: 'inactive',
          conditions: host,
          expiresAt: new Date(now + hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'expired',
          state: 'expired',
          conditions: host,
          expiresAt: new Date(now - hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'past due',
          state: 'active',
          conditions: host,
          expiresAt: new Date(now - 1000),
        },
        {
          customerId: f.globex.customerId,
          description: 'other customer',
          conditions: host,
          expiresAt: new Date(now + hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'partial',
          conditions: [...host, { field: 'type', operator: 'equals', value: 'email' }],
          expiresAt: new Date(now + hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'older',
          conditions: [{ field: 'fields.user', operator: 'regex', value: '^ali' }],
          expiresAt: new Date(now + hour),
          createdAt: new Date(now - 2 * hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'newer',
          conditions: [...host, { field: 'title', operator: 'contains', value: 'powershell' }],
          expiresAt: new Date(now + hour),
          createdAt: new Date(now - hour),
        },
        {
          customerId: f.acme.customerId,
          description: 'never expires',
          conditions: [{ field: 'type', operator: 'equals', value: 'dns' }],
        },
      ])
      .returning();
    for (const row of rows) ids[row.description] = row.id;
  });
  afterAll(() => database.close());

  const acmeAlert = (overrides: Partial<MatchableAlert> = {}) =>
    alert({ customerId: f.acme.customerId, ...overrides });

  it('finds the oldest active, unexpired mute of the same customer whose conditions all match', async () => {
    expect(await findMatchingMute(database.db, acmeAlert())).toEqual({ id: ids.older });
    expect(await findMatchingMute(database.db, acmeAlert({ fields: {} }))).toEqual({ id: ids.newer });
  });

  it('ignores inactive, expired and past-due mutes, and mutes that match only in part', async () => {
    const onlyHost = acmeAlert({ title: 'Something else', fields: {} });
    expect(await findMatchingMute(database.db, onlyHost)).toBeNull();
  });

  it('never matches another customer’s mute', async () => {
    const globexAlert = alert({ customerId: f.globex.customerId, fields: {} });
    expect(await findMatchingMute(database.db, globexAlert)).toEqual({ id: ids['other customer'] });
    const unknownCustomer = alert({ customerId: '00000000-0000-4000-8000-00000000dead' });
    expect(await findMatchingMute(database.db, unknownCustomer)).toBeNull();
  });

  it('a mute without expiry (made by the system) stays in force', async () => {
    expect(
      await findMatchingMute(database.db, acmeAlert({ type: 'dns', fields: {}, hostName: null })),
    ).toEqual({
      id: ids['never expires'],
    });
  });
});
