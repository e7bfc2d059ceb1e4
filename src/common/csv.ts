import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * The one CSV writer (spec 1, section 9: every field quoted), by csv-stringify, used by the web
 * app's exports and the server's downloads alike. A text cell that a spreadsheet would read as a
 * formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe (DESIGN
 * section 9: exports neutralise formula injection), so an attacker's text cannot run in the
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
