import { toCsv } from './csv.ts';

/** The columns of a bulk look-up's CSV, the server's answer and the screen's download alike. */
export const BULK_CSV_COLUMNS = [
  'line',
  'kind',
  'value',
  'scored',
  'det',
  'risk',
  'country',
  'threat_categories',
  'malware_group',
  'source',
  'note',
  'breaches',
] as const;

type BulkCsvRow = { [K in (typeof BULK_CSV_COLUMNS)[number]]: unknown };

/** Bulk look-up rows as CSV through the shared writer (formula cells neutralised). */
export const bulkCsv = (rows: readonly BulkCsvRow[]): string =>
  toCsv(
    BULK_CSV_COLUMNS,
    rows.map((row) => BULK_CSV_COLUMNS.map((column) => row[column])),
  );
