import { createHash } from 'node:crypto';
import { toCsv } from '../../../../common/csv.ts';
import { COMMON_EVENT_FIELDS } from '../../../../common/log-fields.ts';
import type { Scope } from '../../../db/tenancy.ts';
import type { ScopedRead } from '../../../platform/reader.ts';
import { fieldRef } from '../fields.ts';
import { type EventHit, type StoredSearch, searchPage } from '../search.ts';

export type ExportFormat = 'csv' | 'json' | 'ndjson';

/** Rows read per short transaction: a long export never holds one transaction open. */
const PAGE = 1000;
const COMMON = new Set<string>(COMMON_EVENT_FIELDS);

/** Refuses names that are neither a common field nor a raw path (the same rule as searches). */
export function checkFields(fields: readonly string[]): void {
  for (const [index, field] of fields.entries()) if (!COMMON.has(field)) fieldRef(field, `fields[${index}]`);
}

/** A field of a hit: a common column, else the dotted path into the raw event (a flat key as written first). */
export function fieldValue(hit: EventHit, field: string): unknown {
  if (COMMON.has(field)) return hit[field as keyof EventHit] ?? null;
  if (field in hit.raw) return hit.raw[field];
  let value: unknown = hit.raw;
  for (const part of field.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value ?? null;
}

const cell = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : value;

export interface ExportTally {
  rows: number;
  sha256: string;
}

/**
 * The export's text in chunks, newest event first, up to `size` events: CSV through the one CSV
 * writer (every field quoted, formulas neutralised), one JSON array of objects, or one JSON object a
 * line (NDJSON). Each page is read in
 * its own transaction under the scope, through `read` (the replica while it is current); the search's period ends at a fixed instant and paging is
 * keyset, so pages neither repeat nor skip events. `tally` holds the row count and SHA-256 once done.
 */
export async function* exportChunks(
  read: ScopedRead,
  scope: Scope,
  search: StoredSearch,
  fields: readonly string[],
  format: ExportFormat,
  size: number,
  tally: ExportTally,
): AsyncGenerator<string> {
  const hash = createHash('sha256');
  const emit = (text: string) => {
    hash.update(text);
    return text;
  };
  const header = toCsv(fields, []);
  if (format === 'csv') yield emit(header);
  if (format === 'json') yield emit('[');
  const object = (hit: EventHit) =>
    JSON.stringify(Object.fromEntries(fields.map((f) => [f, fieldValue(hit, f)])));
  let after: string | undefined;
  let rows = 0;
  while (rows < size) {
    const page = await read(scope, (tx) => searchPage(tx, search, Math.min(PAGE, size - rows), after));
    if (page.results.length > 0) {
      const hits = page.results as EventHit[];
      const text =
        format === 'csv'
          ? toCsv(
              fields,
              hits.map((hit) => fields.map((field) => cell(fieldValue(hit, field)))),
            ).slice(header.length)
          : format === 'json'
            ? hits.map((hit, index) => `${rows + index === 0 ? '' : ','}\n${object(hit)}`).join('')
            : hits.map((hit) => `${object(hit)}\n`).join('');
      rows += page.results.length;
      yield emit(text);
    }
    if (!page.search_after) break;
    after = page.search_after;
  }
  if (format === 'json') yield emit(rows === 0 ? ']\n' : '\n]\n');
  tally.rows = rows;
  tally.sha256 = hash.digest('hex');
}
