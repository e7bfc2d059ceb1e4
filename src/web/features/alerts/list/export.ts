import { toCsv } from '../../../lib/csv.ts';
import type { AlertSummary } from '../types.ts';
import { COLUMN_KEYS } from './columns.ts';

/** The CSV of the given alerts: every column of the list, customer by name. */
export function alertsCsv(
  rows: readonly AlertSummary[],
  customerName: (id: string) => string,
  header: (column: string) => string,
): string {
  const headers = [
    ...COLUMN_KEYS.map(header),
    header('type'),
    header('risk_score'),
    header('classification'),
  ];
  const records = rows.map((a) => [
    ...COLUMN_KEYS.map((column) => (column === 'customer_id' ? customerName(a.customer_id) : a[column])),
    a.type,
    a.risk_score,
    a.classification,
  ]);
  return toCsv(headers, records);
}
