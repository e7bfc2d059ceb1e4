import { parse } from 'csv-parse/sync';
import { entryOf, type FeedEntry, type IndicatorKind } from './entry.ts';

/** A plain list: one value a line; blank lines and `#` or `//` comments skipped, text after the value ignored. */
export function parseList(text: string, kind: IndicatorKind | null): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('//') || trimmed.startsWith(';')) continue;
    // Hosts-file lists (`0.0.0.0 bad.example`) name the value second.
    const words = trimmed.split(/\s+/);
    const word = words.length > 1 && /^(0\.0\.0\.0|127\.0\.0\.1)$/.test(words[0]!) ? words[1]! : words[0]!;
    const entry = entryOf(word, kind);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** CSV: the value from one column of every row; rows whose value is not an indicator (a header) skipped. */
export function parseCsv(text: string, kind: IndicatorKind | null, column: number): FeedEntry[] {
  const rows: string[][] = parse(text, {
    comment: '#',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  });
  const entries: FeedEntry[] = [];
  for (const row of rows) {
    const cell = row[column];
    const entry = cell ? entryOf(cell, kind) : null;
    if (entry) entries.push(entry);
  }
  return entries;
}
