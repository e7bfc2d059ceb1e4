/** CSV files the console writes: the shared writer (formula cells neutralised) and the browser download. */
export { toCsv } from '../../common/csv.ts';

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
