/**
 * The words of the list's keyword filter (spec 1, section 5): numbers match by exact equality,
 * strings by case-insensitive contains, free text matches any searchable field. Words are ANDed;
 * a word `field:value` looks only at that field (e.g. `status:new`, `host:web-01`, `id:42`);
 * quotes keep spaces together ("lateral movement").
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

export type NumberField = (typeof NUMBER_FIELDS)[keyof typeof NUMBER_FIELDS];
export type TextField = (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS];

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
