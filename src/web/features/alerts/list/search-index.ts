import type { AlertSummary } from '../types.ts';
import type { TextField } from './keyword-terms.ts';

/**
 * One searchable field, dictionary-encoded: each distinct lower-cased value once, and per row the
 * number of its value. 100 000 alerts hold a few hundred titles, hosts and sources, so a keystroke
 * tests each distinct value once and then only compares numbers per row.
 */
export interface SearchColumn {
  values: string[];
  codes: Int32Array;
  /** Value number by key. Only ever appended to, so indexes extended from one another share it. */
  keys: Map<string, number>;
}

/** Everything the filter reads, computed once per loaded row set so a keystroke only loops. */
export interface SearchIndex {
  rows: readonly AlertSummary[];
  customerName: (id: string) => string;
  columns: Record<TextField, SearchColumn>;
  ids: Float64Array;
  caseIds: Float64Array;
  risks: Float64Array;
}

/** The fields free text looks at, in the order of the row's text (the customer name is apart). */
export const FREE_TEXT_FIELDS = [
  'title',
  'type',
  'status',
  'priority',
  'classification',
  'host_name',
  'host_os',
  'log_level',
  'external_source',
  'assigned_users',
] as const satisfies readonly TextField[];

const statusWords = (status: string) =>
  status.includes('_') ? `${status} ${status.replaceAll('_', ' ')}` : status;

/** How a field reads: its key (what makes two rows' values the same) and its searchable text. */
interface FieldReader {
  key(row: AlertSummary): string;
  text(key: string): string;
}

const plain = (
  field: 'title' | 'type' | 'priority' | 'host_name' | 'host_os' | 'log_level' | 'external_source',
) => ({
  key: (row: AlertSummary) => row[field] ?? '',
  text: (key: string) => key.toLowerCase(),
});

const withStatusWords = (field: 'status' | 'classification') => ({
  key: (row: AlertSummary) => row[field] ?? '',
  text: (key: string) => statusWords(key).toLowerCase(),
});

function readers(customerName: (id: string) => string): Record<TextField, FieldReader> {
  return {
    title: plain('title'),
    type: plain('type'),
    status: withStatusWords('status'),
    priority: plain('priority'),
    classification: withStatusWords('classification'),
    host_name: plain('host_name'),
    host_os: plain('host_os'),
    log_level: plain('log_level'),
    external_source: plain('external_source'),
    assigned_users: {
      key: (row) => (row.assigned_users.length ? row.assigned_users.join(' ') : ''),
      text: (key) => key.toLowerCase(),
    },
    customer: { key: (row) => row.customer_id, text: (id) => customerName(id).toLowerCase() },
  };
}

/** Encodes rows[from..]; the rows before keep the codes of `base`, whose dictionary is extended. */
function encode(rows: readonly AlertSummary[], reader: FieldReader, base: SearchColumn | null): SearchColumn {
  const codes = new Int32Array(rows.length);
  const values = base?.values ?? [];
  const keys = base?.keys ?? new Map<string, number>();
  const from = base?.codes.length ?? 0;
  if (base) codes.set(base.codes);
  for (let i = from; i < rows.length; i++) {
    const key = reader.key(rows[i]!);
    let code = keys.get(key);
    if (code === undefined) {
      code = values.length;
      values.push(reader.text(key));
      keys.set(key, code);
    }
    codes[i] = code;
  }
  return { values, codes, keys };
}

/** Whether `rows` are `previous`'s rows with more after them (the list loads page by page). */
function grewFrom(
  previous: SearchIndex,
  rows: readonly AlertSummary[],
  customerName: (id: string) => string,
) {
  if (previous.customerName !== customerName || previous.rows.length > rows.length) return false;
  for (let i = 0; i < previous.rows.length; i++) if (previous.rows[i] !== rows[i]) return false;
  return true;
}

function numbers(
  rows: readonly AlertSummary[],
  base: Float64Array | null,
  read: (row: AlertSummary) => number,
) {
  const out = new Float64Array(rows.length);
  const from = base?.length ?? 0;
  if (base) out.set(base);
  for (let i = from; i < rows.length; i++) out[i] = read(rows[i]!);
  return out;
}

/**
 * The index of `rows`. Given the index of the rows loaded so far, it only encodes the rows added
 * after them, so each page of a 100 000-row load costs the page, not the whole list.
 */
export function buildSearchIndex(
  rows: readonly AlertSummary[],
  customerName: (id: string) => string,
  previous: SearchIndex | null = null,
): SearchIndex {
  const base = previous && grewFrom(previous, rows, customerName) ? previous : null;
  const fields = readers(customerName);
  const columns = {} as Record<TextField, SearchColumn>;
  for (const field of Object.keys(fields) as TextField[]) {
    columns[field] = encode(rows, fields[field], base?.columns[field] ?? null);
  }
  return {
    rows,
    customerName,
    columns,
    ids: numbers(rows, base?.ids ?? null, (row) => row.id),
    caseIds: numbers(rows, base?.caseIds ?? null, (row) => row.case_id ?? Number.NaN),
    risks: numbers(rows, base?.risks ?? null, (row) => row.risk_score),
  };
}

/** A row's searchable text as one string, fields on their own lines (for words that span lines). */
export function rowText(index: SearchIndex, i: number): string {
  return FREE_TEXT_FIELDS.map((field) => {
    const column = index.columns[field];
    return column.values[column.codes[i]!]!;
  }).join('\n');
}

/** How many of the rows at `positions` have one of `statuses` (reads codes, not row objects). */
export function countStatuses(
  index: SearchIndex,
  positions: Int32Array,
  statuses: ReadonlySet<string>,
): number {
  const { keys, codes } = index.columns.status;
  const counted = new Uint8Array(keys.size);
  for (const [status, code] of keys) if (statuses.has(status)) counted[code] = 1;
  let n = 0;
  for (const i of positions) n += counted[codes[i]!]!;
  return n;
}
