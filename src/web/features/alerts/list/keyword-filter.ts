import type { AlertSummary, CaseFilter } from '../types.ts';

/**
 * The list's keyword filter (spec 1, section 5): numbers match by exact equality, strings by
 * case-insensitive contains, free text matches any searchable field. Words are ANDed; a word
 * `field:value` looks only at that field (e.g. `status:new`, `host:web-01`, `id:42`); quotes keep
 * spaces together ("lateral movement").
 */

const NUMBER_FIELDS = {
  id: 'id',
  case: 'case_id',
  case_id: 'case_id',
  risk: 'risk_score',
  risk_score: 'risk_score',
} as const;
const TEXT_FIELDS = {
  title: 'title',
  type: 'type',
  customer: 'customer',
  status: 'status',
  priority: 'priority',
  classification: 'classification',
  host: 'host_name',
  host_name: 'host_name',
  os: 'host_os',
  host_os: 'host_os',
  level: 'log_level',
  log_level: 'log_level',
  source: 'external_source',
  external_source: 'external_source',
  user: 'assigned_users',
  assigned: 'assigned_users',
  assigned_users: 'assigned_users',
} as const;

type NumberField = (typeof NUMBER_FIELDS)[keyof typeof NUMBER_FIELDS];
type TextField = (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS];

export type Term =
  /** Free text: any string field contains it, or (when it is a number) a number field equals it. */
  | { kind: 'any'; text: string; number: number | null }
  | { kind: 'number'; field: NumberField; number: number }
  | { kind: 'text'; field: TextField; text: string };

const asNumber = (text: string): number | null =>
  /^#?\d{1,16}$/.test(text) ? Number(text.replace('#', '')) : null;

/** Splits the filter text into terms; an empty text gives none (everything matches). */
export function parseKeyword(input: string): Term[] {
  const terms: Term[] = [];
  for (const match of input.toLowerCase().matchAll(/(?:([a-z_]+):)?(?:"([^"]*)"?|(\S+))/g)) {
    const [whole, prefix, quoted, bare] = match;
    const value = (quoted ?? bare ?? '').trim();
    if (prefix && prefix in NUMBER_FIELDS) {
      const number = asNumber(value);
      // `id:abc` can match nothing; keep it so the list says so instead of ignoring the word.
      terms.push({
        kind: 'number',
        field: NUMBER_FIELDS[prefix as keyof typeof NUMBER_FIELDS],
        number: number ?? Number.NaN,
      });
    } else if (prefix && prefix in TEXT_FIELDS) {
      if (value)
        terms.push({ kind: 'text', field: TEXT_FIELDS[prefix as keyof typeof TEXT_FIELDS], text: value });
    } else {
      const text = (prefix ? whole : value).replaceAll('"', '').trim();
      if (text) terms.push({ kind: 'any', text, number: asNumber(text) });
    }
  }
  return terms;
}

/** Everything the filter reads, computed once per loaded row set so a keystroke only loops. */
export interface SearchIndex {
  rows: readonly AlertSummary[];
  /** Lower-cased searchable text of each row (not the customer name). */
  texts: string[];
  /** Lower-cased customer name of each row (shared strings, one per customer). */
  customers: string[];
  ids: Float64Array;
  caseIds: Float64Array;
  risks: Float64Array;
}

const statusWords = (status: string) =>
  status.includes('_') ? `${status} ${status.replaceAll('_', ' ')}` : status;

// A row object is replaced when the alert changes, so its text can be kept for as long as the row.
const textCache = new WeakMap<AlertSummary, string>();

function rowText(row: AlertSummary): string {
  let text = textCache.get(row);
  if (text === undefined) {
    text = [
      row.title,
      row.type,
      statusWords(row.status),
      row.priority,
      row.classification ? statusWords(row.classification) : '',
      row.host_name ?? '',
      row.host_os ?? '',
      row.log_level ?? '',
      row.external_source ?? '',
      row.assigned_users.join(' '),
    ]
      .join('\n')
      .toLowerCase();
    textCache.set(row, text);
  }
  return text;
}

export function buildSearchIndex(
  rows: readonly AlertSummary[],
  customerName: (id: string) => string,
): SearchIndex {
  const n = rows.length;
  const texts = new Array<string>(n);
  const customers = new Array<string>(n);
  const ids = new Float64Array(n);
  const caseIds = new Float64Array(n);
  const risks = new Float64Array(n);
  const names = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    texts[i] = rowText(row);
    let name = names.get(row.customer_id);
    if (name === undefined) {
      name = customerName(row.customer_id).toLowerCase();
      names.set(row.customer_id, name);
    }
    customers[i] = name;
    ids[i] = row.id;
    caseIds[i] = row.case_id ?? Number.NaN;
    risks[i] = row.risk_score;
  }
  return { rows, texts, customers, ids, caseIds, risks };
}

function fieldText(row: AlertSummary, field: TextField, customer: string): string {
  switch (field) {
    case 'customer':
      return customer;
    case 'assigned_users':
      return row.assigned_users.join(' ').toLowerCase();
    case 'status':
    case 'classification':
      return statusWords(row[field] ?? '').toLowerCase();
    default:
      return (row[field] ?? '').toLowerCase();
  }
}

function numberAt(index: SearchIndex, field: NumberField, i: number): number {
  return field === 'id' ? index.ids[i]! : field === 'case_id' ? index.caseIds[i]! : index.risks[i]!;
}

export interface Criteria {
  terms: readonly Term[];
  /** Null: any status. */
  statuses: ReadonlySet<string> | null;
  priorities: ReadonlySet<string> | null;
  caseFilter: CaseFilter;
}

/** The rows that pass every criterion, in their loaded order: one tight loop over the index. */
export function filterAlerts(index: SearchIndex, criteria: Criteria): AlertSummary[] {
  const { terms, statuses, priorities, caseFilter } = criteria;
  const { rows, texts, customers, ids, caseIds, risks } = index;
  const out: AlertSummary[] = [];
  const n = rows.length;
  outer: for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (statuses !== null && !statuses.has(row.status)) continue;
    if (priorities !== null && !priorities.has(row.priority)) continue;
    if (caseFilter === 'assigned' && row.case_id === null) continue;
    if (caseFilter === 'none' && row.case_id !== null) continue;
    for (const term of terms) {
      if (term.kind === 'any') {
        if (texts[i]!.includes(term.text) || customers[i]!.includes(term.text)) continue;
        const n = term.number;
        if (n !== null && (ids[i] === n || caseIds[i] === n || risks[i] === n)) continue;
        continue outer;
      }
      if (term.kind === 'number') {
        if (numberAt(index, term.field, i) !== term.number) continue outer;
      } else if (!fieldText(row, term.field, customers[i]!).includes(term.text)) continue outer;
    }
    out.push(row);
  }
  return out;
}
