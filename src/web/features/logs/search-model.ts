import type { SearchRequest } from '../../../../machines/search-job/search-job.context.ts';
import type { SearchFilter } from './api.ts';

export type QueryMode = 'keyword' | 'exact' | 'lucene';

/** The mode the server will read the term in (the same rule as src/server/areas/logs/query.ts). */
export function detectMode(term: string): QueryMode {
  const trimmed = term.trim();
  if (/^"[^"]+"$/.test(trimmed)) return 'exact';
  if (/(^|[\s(])[+-]?[\w@.]+:|\b(AND|OR|NOT)\b|[()[\]{}]|(^|\s)[+-]\S|&&|\|\|/.test(trimmed)) return 'lucene';
  return 'keyword';
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Spec 2, section 9: a month is 18144e6 ms. */
const MONTH = 18_144_000;

/** The spec's relative time ranges in seconds (section 9); -1 is all time. */
export const RANGES = [
  { key: 'm1', seconds: MINUTE },
  { key: 'm2', seconds: 2 * MINUTE },
  { key: 'm5', seconds: 5 * MINUTE },
  { key: 'm10', seconds: 10 * MINUTE },
  { key: 'm15', seconds: 15 * MINUTE },
  { key: 'm30', seconds: 30 * MINUTE },
  { key: 'h1', seconds: HOUR },
  { key: 'h6', seconds: 6 * HOUR },
  { key: 'h12', seconds: 12 * HOUR },
  { key: 'h24', seconds: 24 * HOUR },
  { key: 'd2', seconds: 2 * DAY },
  { key: 'd7', seconds: 7 * DAY },
  { key: 'd30', seconds: 30 * DAY },
  { key: 'w4', seconds: 28 * DAY },
  { key: 'w8', seconds: 56 * DAY },
  { key: 'mo3', seconds: 3 * MONTH },
  { key: 'mo6', seconds: 6 * MONTH },
  { key: 'mo12', seconds: 12 * MONTH },
  { key: 'all', seconds: -1 },
] as const;

export type RangeKey = (typeof RANGES)[number]['key'];

/** Default search period: the last 15 minutes (spec 2, section 9). */
export const DEFAULT_RANGE: RangeKey = 'm15';

/** Units of a custom relative range ("last 36 hours"), in seconds. */
export const CUSTOM_UNITS = { minutes: MINUTE, hours: HOUR, days: DAY } as const;
export type CustomUnit = keyof typeof CUSTOM_UNITS;
/** The longest custom range: a year of days. */
export const MAX_CUSTOM_SECONDS = 365 * DAY;

export type Period =
  | { kind: 'relative'; range: RangeKey }
  /** A relative range beside the presets; the amount as typed. */
  | { kind: 'custom'; amount: string; unit: CustomUnit }
  | { kind: 'absolute'; from: string; to: string };

/** The seconds of a custom range, or null while the amount is not a whole number in bounds. */
export function customSeconds(period: { amount: string; unit: CustomUnit }): number | null {
  const amount = /^\d+$/.test(period.amount.trim()) ? Number(period.amount.trim()) : Number.NaN;
  const seconds = amount * CUSTOM_UNITS[period.unit];
  return amount >= 1 && seconds <= MAX_CUSTOM_SECONDS ? seconds : null;
}

/** What the screen searches for. */
export interface SearchForm {
  source: string | null;
  term: string;
  period: Period;
  filters: SearchFilter[];
}

export const EMPTY_FORM: SearchForm = {
  source: null,
  term: '',
  period: { kind: 'relative', range: DEFAULT_RANGE },
  filters: [],
};

const secondsOf = (key: RangeKey) => RANGES.find((r) => r.key === key)?.seconds ?? 900;

/** What the request carries beside the form: the columns shown and the customer filter. */
export interface RequestScope {
  columns?: readonly string[];
  /** The console's selected customers; empty is all of the caller's. */
  customerIds?: readonly string[];
}

/** The contract's request for the form. */
export function requestOf(form: SearchForm, scope: RequestScope = {}): SearchRequest {
  const period =
    form.period.kind === 'relative'
      ? { range: secondsOf(form.period.range) }
      : form.period.kind === 'custom'
        ? { range: customSeconds(form.period) ?? secondsOf(DEFAULT_RANGE) }
        : { from: new Date(form.period.from).toISOString(), to: new Date(form.period.to).toISOString() };
  return {
    search: {
      source: form.source,
      search_term: form.term,
      filters: form.filters,
      ...(scope.columns ? { headers: [...scope.columns] } : {}),
    },
    period,
    ...(scope.customerIds && scope.customerIds.length > 0 ? { customer_ids: [...scope.customerIds] } : {}),
  };
}

/** A range in seconds as a custom period in its largest whole unit. */
function customOf(seconds: number): Period {
  const unit: CustomUnit = seconds % DAY === 0 ? 'days' : seconds % HOUR === 0 ? 'hours' : 'minutes';
  return { kind: 'custom', amount: String(Math.max(1, Math.round(seconds / CUSTOM_UNITS[unit]))), unit };
}

/** The columns a saved search keeps (`search.headers`), those the screen knows, in its order. */
export function columnsOf(search: Record<string, unknown>): Column[] | null {
  if (!Array.isArray(search.headers)) return null;
  const headers = search.headers as unknown[];
  return COLUMNS.filter((c) => headers.includes(c));
}

/** A saved search's stored request back as a form (unknown shapes fall back to the defaults). */
export function formOf(search: Record<string, unknown>, period: Record<string, unknown> | null): SearchForm {
  const range = typeof period?.range === 'number' ? period.range : null;
  const relative = RANGES.find((r) => r.seconds === range)?.key;
  return {
    source: typeof search.source === 'string' ? search.source : null,
    term: typeof search.search_term === 'string' ? search.search_term : '',
    filters: Array.isArray(search.filters) ? (search.filters as SearchFilter[]) : [],
    period:
      typeof period?.from === 'string' && typeof period.to === 'string'
        ? { kind: 'absolute', from: period.from, to: period.to }
        : relative
          ? { kind: 'relative', range: relative }
          : range !== null && range > 0 && range % MINUTE === 0
            ? customOf(range)
            : { kind: 'relative', range: DEFAULT_RANGE },
  };
}

/** Adds a filter unless the same one is there; the opposite filter on the same value goes. */
export function withFilter(filters: SearchFilter[], next: SearchFilter): SearchFilter[] {
  const same = (f: SearchFilter) => f.field === next.field && String(f.value) === String(next.value);
  return [...filters.filter((f) => !same(f)), next];
}

/** The syntax error's position (1-based column) in a server reason "syntax error at position N". */
export function errorPosition(reason: string): number | null {
  const match = /position (\d+)/.exec(reason);
  return match ? Number(match[1]) : null;
}

/** The fields offered in the sidebar: the common columns, then the raw event's own keys. */
export const COMMON_FIELDS = ['host', 'source', 'user', 'src_ip', 'dst_ip', 'event_id', 'severity'] as const;

export interface FieldCount {
  name: string;
  /** Events shown that carry the field. */
  count: number;
}

/** The fields of the events shown, each with how many of them carry it; common columns first. */
export function fieldsOf(events: readonly LogEventLike[]): FieldCount[] {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const event of events) {
    const seen = new Set<string>();
    for (const field of COMMON_FIELDS) {
      const value = field === 'source' ? event.source : event[field];
      if (value !== null && value !== undefined && value !== '') seen.add(field);
    }
    for (const [key, value] of Object.entries(event.raw))
      if (value !== null && typeof value !== 'object') seen.add(key);
    for (const key of seen) add(key);
  }
  const common = new Set<string>(COMMON_FIELDS);
  const raw = [...counts.keys()].filter((k) => !common.has(k)).sort();
  return [...COMMON_FIELDS.filter((f) => counts.has(f)), ...raw].map((name) => ({
    name,
    count: counts.get(name) ?? 0,
  }));
}

/** What fieldsOf reads of an event. */
export type LogEventLike = { source: string; raw: Record<string, unknown> } & Partial<
  Record<Exclude<(typeof COMMON_FIELDS)[number], 'source'>, unknown>
>;

/** Columns of the results table; time is always shown. */
export const COLUMNS = ['source', 'host', 'user', 'src_ip', 'event_id', 'severity', 'message'] as const;
export type Column = (typeof COLUMNS)[number];
export const DEFAULT_COLUMNS: Column[] = ['host', 'user', 'event_id', 'message'];
