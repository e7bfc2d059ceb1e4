// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { TRUNCATE, truncate } from '../../src/common/format.ts';
import { alertsCsv } from '../../src/web/features/alerts/list/export.ts';
import {
  buildSearchIndex,
  type Criteria,
  filterAlerts,
  parseKeyword,
} from '../../src/web/features/alerts/list/keyword-filter.ts';
import { sortRows } from '../../src/web/features/alerts/list/sort-rows.ts';
import { toCsv } from '../../src/web/lib/csv.ts';
import { alert } from './alerts-fixtures.ts';

const names: Record<string, string> = { acme: 'Acme Corp', north: 'Northwind Logistics' };
const customerName = (id: string) => names[id] ?? id;

const ROWS = [
  alert({
    id: 12,
    title: 'Mimikatz on WEB-01',
    host_name: 'web-01',
    customer_id: 'acme',
    status: 'new',
    priority: 'high',
  }),
  alert({
    id: 123,
    title: 'Impossible travel for t.dubois',
    customer_id: 'north',
    status: 'false_positive',
    priority: 'low',
    case_id: 12,
  }),
  alert({
    id: 7,
    title: 'Windows Server 2012 logon burst',
    external_source: 'Sysmon',
    customer_id: 'acme',
    status: 'open',
    priority: 'critical',
  }),
  alert({
    id: 45,
    title: 'Phishing mail',
    assigned_users: ['ana@watchfloor.example'],
    customer_id: 'north',
    risk_score: 12,
    priority: 'medium',
  }),
  alert({ id: 120, title: 'Port scan', customer_id: 'north', status: 'closed', priority: 'low' }),
];

const criteria = (keyword: string, extra: Partial<Criteria> = {}): Criteria => ({
  terms: parseKeyword(keyword),
  statuses: null,
  priorities: null,
  caseFilter: 'all',
  ...extra,
});
const ids = (keyword: string, extra: Partial<Criteria> = {}) =>
  filterAlerts(buildSearchIndex(ROWS, customerName), criteria(keyword, extra)).map((a) => a.id);

describe('keyword filter (spec 1, section 5)', () => {
  it('an empty filter keeps every row in order', () => {
    expect(ids('')).toEqual([12, 123, 7, 45, 120]);
  });

  it('numbers match number fields by exact equality, not as part of a larger number', () => {
    // 12 is alert 12, the case of alert 123 and the risk score of alert 45, and text in the title
    // "… 2012 …" of alert 7; alert 120 does not match, as its id is a different number.
    expect(ids('12')).toEqual([12, 123, 7, 45]);
    expect(ids('id:12')).toEqual([12]);
    expect(ids('id:1')).toEqual([]);
    expect(ids('#123')).toEqual([123]);
  });

  it('strings match case-insensitively anywhere in a field', () => {
    expect(ids('MIMIKATZ')).toEqual([12]);
    expect(ids('travel')).toEqual([123]);
    expect(ids('2012')).toEqual([7]);
  });

  it('free text searches every searchable field: customer name, status label, assignee, source', () => {
    expect(ids('northwind')).toEqual([123, 45, 120]);
    expect(ids('false positive')).toEqual([123]);
    expect(ids('ana@')).toEqual([45]);
    expect(ids('sysmon')).toEqual([7]);
  });

  it('words are ANDed; field:value looks at one field only; quotes keep a phrase', () => {
    expect(ids('acme web')).toEqual([12]);
    expect(ids('host:web')).toEqual([12]);
    expect(ids('customer:acme status:open')).toEqual([7]);
    expect(ids('"logon burst"')).toEqual([7]);
    expect(ids('"burst logon"')).toEqual([]);
  });

  it('combines with the status, priority and case filters', () => {
    expect(ids('', { statuses: new Set(['new', 'open']) })).toEqual([12, 7, 45]);
    expect(ids('', { priorities: new Set(['low', 'medium']) })).toEqual([123, 45, 120]);
    expect(ids('', { caseFilter: 'assigned' })).toEqual([123]);
    expect(ids('acme', { caseFilter: 'none' })).toEqual([12, 7]);
  });

  it('finds the one match among 100 000 rows of a prebuilt index (speed: bench/web-alerts-filter.ts)', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => alert({ id: i + 1, title: `Alert number ${i}` }));
    const index = buildSearchIndex(many, customerName);
    const found = filterAlerts(index, criteria('"number 99999"'));
    expect(found.map((a) => a.id)).toEqual([100_000]);
  });
});

describe('sorting on loaded rows', () => {
  it('sorts priority by rank and puts empty values last', () => {
    const asc = sortRows(ROWS, { column: 'priority', direction: 'asc' }, customerName).map((a) => a.priority);
    expect(asc).toEqual(['low', 'low', 'medium', 'high', 'critical']);
    const desc = sortRows(ROWS, { column: 'case_id', direction: 'desc' }, customerName).map((a) => a.id);
    expect(desc[0]).toBe(123);
    const hosts = sortRows(ROWS, { column: 'host_name', direction: 'desc' }, customerName).map(
      (a) => a.host_name,
    );
    expect(hosts).toEqual(['web-01', null, null, null, null]);
  });

  it('sorts customers by name, not id', () => {
    const sorted = sortRows(ROWS, { column: 'customer_id', direction: 'asc' }, customerName).map((a) => a.id);
    expect(sorted).toEqual([12, 7, 123, 45, 120]);
  });
});

describe('CSV export (spec 1, section 9; DESIGN section 9)', () => {
  /** The one cell of a one-column CSV: between the header line and the final CRLF. */
  const cell = (value: unknown) => toCsv(['h'], [[value]]).slice('"h"\r\n'.length, -2);

  it('quotes every field, doubles quotes and ends each record with CRLF', () => {
    expect(cell('plain')).toBe('"plain"');
    expect(cell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(cell(42)).toBe('"42"');
    expect(cell(true)).toBe('"true"');
    expect(cell(null)).toBe('""');
    expect(cell(['a', 'b'])).toBe('"a, b"');
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('"a","b"\r\n"1","x\ny"\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(cell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(cell('+1+1')).toBe('"\'+1+1"');
    expect(cell('-2+3')).toBe('"\'-2+3"');
    expect(cell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(cell('\tcmd')).toBe('"\'\tcmd"');
    expect(cell('\rcmd')).toBe('"\'\rcmd"');
    expect(cell('a=b')).toBe('"a=b"');
    expect(toCsv(['=title'], [])).toBe('"\'=title"\r\n');
  });

  it('exports the alerts with a header row and customer names', () => {
    const csv = alertsCsv([alert({ id: 9, title: '=cmd|calc', customer_id: 'acme' })], customerName, (c) =>
      c.toUpperCase(),
    );
    const [header, line] = csv.split('\r\n');
    expect(header).toContain('"ID","CASE_ID","TITLE","CUSTOMER_ID"');
    expect(line).toContain('"9","","\'=cmd|calc","Acme Corp"');
  });
});

describe('title truncation (spec 2, section 3)', () => {
  it('cuts titles longer than 50 characters with an ellipsis', () => {
    const long = 'A'.repeat(60);
    expect(truncate(long, TRUNCATE.alertTitle)).toHaveLength(50);
    expect(truncate(long, TRUNCATE.alertTitle).endsWith('…')).toBe(true);
    expect(truncate('A'.repeat(50), TRUNCATE.alertTitle)).toBe('A'.repeat(50));
  });
});
