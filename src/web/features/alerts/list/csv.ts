/**
 * CSV export (spec 1, section 9: export.csv, every field quoted, of the selected or all filtered
 * rows). A cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe (DESIGN section 9: exports neutralise formula
 * injection), so an attacker-controlled alert title cannot run in the analyst's spreadsheet.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, quotes doubled, always quoted. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A header row and one line per record, CRLF-separated as RFC 4180 asks. */
export function toCsv(headers: readonly string[], records: readonly (readonly unknown[])[]): string {
  return [headers, ...records].map((record) => record.map(csvCell).join(',')).join('\r\n');
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
