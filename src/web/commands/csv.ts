/**
 * CSV as the console exports it (spec 1, section 9: export.csv, every field quoted). A cell
 * starting with = + - @ or a control character is prefixed with ' so a spreadsheet shows it as
 * text instead of running it (DESIGN section 9).
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the file to the browser as a download. */
export function downloadCsv(csv: string, fileName = 'export.csv'): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
