import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * CSV export (spec 1, section 9: export.csv, every field quoted, of the selected or all filtered
 * rows), written by csv-stringify. A text cell that a spreadsheet would read as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe (DESIGN section 9:
 * exports neutralise formula injection), so an attacker's alert title cannot run in the
 * analyst's spreadsheet.
 */

/** A list becomes one cell, its items comma-separated; nothing becomes an empty cell. */
const cellOf = (value: unknown): unknown =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value;

/** A header row and one line per record, each ended by CRLF as RFC 4180 asks. */
export function toCsv(headers: readonly string[], records: readonly (readonly unknown[])[]): string {
  return stringify(
    [headers, ...records].map((record) => record.map(cellOf)),
    {
      quoted: true,
      quoted_empty: true,
      escape_formulas: true,
      record_delimiter: 'windows',
      cast: { boolean: (value) => String(value) },
    },
  );
}

/** Offers the text as a download named export.csv. */
export function downloadCsv(text: string, filename = 'export.csv') {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
