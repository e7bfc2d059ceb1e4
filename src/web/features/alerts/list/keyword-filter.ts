import type { AlertSummary, CaseFilter } from '../types.ts';
import type { NumberField, Term, TextField } from './keyword-terms.ts';
import { FREE_TEXT_FIELDS, rowText, type SearchColumn, type SearchIndex } from './search-index.ts';

/**
 * The list's keyword filter (spec 1, section 5; the words' rules are in keyword-terms.ts), run
 * over the search index together with the status, priority and case filters.
 */

export { parseKeyword, type Term } from './keyword-terms.ts';
export { buildSearchIndex, countStatuses, type SearchIndex } from './search-index.ts';

export interface Criteria {
  terms: readonly Term[];
  /** Null: any status. */
  statuses: ReadonlySet<string> | null;
  priorities: ReadonlySet<string> | null;
  caseFilter: CaseFilter;
}

/** The rows of one column whose value contains the word: a flag per distinct value. */
interface ColumnHits {
  codes: Int32Array;
  hits: Uint8Array;
}

/** One word, resolved against the index before the row loop. */
type Matcher =
  /** Contains the text in one of these columns, or (free text that is a number) equals it. */
  | { kind: 'columns'; columns: ColumnHits[]; number: number | null }
  /** Free text across a line break: looks at the row's joined text. */
  | { kind: 'lines'; text: string; number: number | null }
  | { kind: 'number'; values: Float64Array; number: number };

/** The column's values that contain the text; null when none does. */
function columnHits(column: SearchColumn, text: string): ColumnHits | null {
  const hits = new Uint8Array(column.values.length);
  let any = false;
  for (let v = 0; v < hits.length; v++) {
    if (column.values[v]!.includes(text)) {
      hits[v] = 1;
      any = true;
    }
  }
  return any ? { codes: column.codes, hits } : null;
}

function inColumns(index: SearchIndex, fields: readonly TextField[], text: string): ColumnHits[] {
  return fields.map((f) => columnHits(index.columns[f], text)).filter((c): c is ColumnHits => c !== null);
}

function numberValues(index: SearchIndex, field: NumberField): Float64Array {
  return field === 'id' ? index.ids : field === 'case_id' ? index.caseIds : index.risks;
}

function matcher(index: SearchIndex, term: Term): Matcher {
  switch (term.kind) {
    case 'number':
      return { kind: 'number', values: numberValues(index, term.field), number: term.number };
    case 'text':
      return { kind: 'columns', columns: inColumns(index, [term.field], term.text), number: null };
    case 'any':
      // A value never holds the line break between two fields, so such words need the row's text.
      if (term.text.includes('\n')) return { kind: 'lines', text: term.text, number: term.number };
      return {
        kind: 'columns',
        columns: inColumns(index, [...FREE_TEXT_FIELDS, 'customer'], term.text),
        number: term.number,
      };
  }
}

const equalsNumber = (index: SearchIndex, i: number, n: number) =>
  index.ids[i] === n || index.caseIds[i] === n || index.risks[i] === n;

function matches(index: SearchIndex, m: Matcher, i: number): boolean {
  if (m.kind === 'number') return m.values[i] === m.number;
  if (m.kind === 'columns') {
    for (const c of m.columns) if (c.hits[c.codes[i]!] === 1) return true;
  } else {
    const customers = index.columns.customer;
    if (rowText(index, i).includes(m.text) || customers.values[customers.codes[i]!]!.includes(m.text))
      return true;
  }
  return m.number !== null && equalsNumber(index, i, m.number);
}

/** True when no row can pass the word, so the loop can be skipped. */
const matchesNothing = (m: Matcher) =>
  (m.kind === 'columns' && m.columns.length === 0 && m.number === null) ||
  (m.kind === 'number' && Number.isNaN(m.number));

/**
 * The positions (in loaded order) of the rows that pass every criterion: each word is tested once
 * per distinct value, then one tight loop over the rows. Independent of the sort, so a sort
 * change does not run it again.
 */
export function matchAlerts(index: SearchIndex, criteria: Criteria): Int32Array {
  const { statuses, priorities, caseFilter } = criteria;
  const matchers = criteria.terms.map((term) => matcher(index, term));
  if (matchers.some(matchesNothing)) return new Int32Array(0);
  const { rows } = index;
  const out = new Int32Array(rows.length);
  let count = 0;
  outer: for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (statuses !== null && !statuses.has(row.status)) continue;
    if (priorities !== null && !priorities.has(row.priority)) continue;
    if (caseFilter === 'assigned' && row.case_id === null) continue;
    if (caseFilter === 'none' && row.case_id !== null) continue;
    for (const m of matchers) if (!matches(index, m, i)) continue outer;
    out[count++] = i;
  }
  return out.subarray(0, count);
}

/** The matched rows in `order` (row positions, e.g. a sort), or in their loaded order. */
export function inOrder(
  rows: readonly AlertSummary[],
  matched: Int32Array,
  order: Int32Array | null,
): AlertSummary[] {
  if (!order) return Array.from(matched, (i) => rows[i]!);
  const passes = new Uint8Array(rows.length);
  for (const i of matched) passes[i] = 1;
  const out: AlertSummary[] = [];
  for (const i of order) if (passes[i] === 1) out.push(rows[i]!);
  return out;
}

/** The rows that pass every criterion, in `order` or their loaded order. */
export function filterAlerts(
  index: SearchIndex,
  criteria: Criteria,
  order: Int32Array | null = null,
): AlertSummary[] {
  return inOrder(index.rows, matchAlerts(index, criteria), order);
}
