import { PRIORITIES } from '../../../../common/statuses.ts';
import type { AlertSummary } from '../types.ts';

/** The list's columns (spec 2, section 3: all sortable). */
export const COLUMN_KEYS = [
  'id',
  'case_id',
  'title',
  'customer_id',
  'status',
  'priority',
  'assigned_users',
  'host_name',
  'host_os',
  'log_level',
  'external_source',
  '@timestamp',
  'updated_at',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Hidden until the person shows them with the column chooser (spec 2, section 3). */
export const HIDDEN_BY_DEFAULT: readonly ColumnKey[] = [
  'case_id',
  'assigned_users',
  'host_name',
  'host_os',
  'log_level',
  'external_source',
];

/**
 * Least width of each column in pixels, and its share of what is left. Every row is its own grid,
 * so the tracks must not depend on a row's content: fixed minimums plus fractions of one shared
 * width keep the columns aligned.
 */
export const COLUMN_WIDTHS: Record<ColumnKey, readonly [number, number]> = {
  id: [72, 0],
  case_id: [64, 0],
  title: [200, 3],
  customer_id: [120, 1],
  status: [120, 0],
  priority: [90, 0],
  assigned_users: [130, 1],
  host_name: [120, 1],
  host_os: [120, 1],
  log_level: [84, 0],
  external_source: [110, 1],
  // A date and time reads whole ('Dec 13, 2026, 10:38 AM'), as on the cases list.
  '@timestamp': [170, 0],
  updated_at: [170, 0],
};

/** The grid template of the checkbox and the visible columns, and the width they need. */
export function gridTemplate(columns: readonly ColumnKey[]): { template: string; minWidth: number } {
  const tracks = columns.map((c) => {
    const [min, share] = COLUMN_WIDTHS[c];
    return share ? `minmax(${min}px, ${share}fr)` : `${min}px`;
  });
  // The first track holds the checkbox and the details button.
  const minWidth = 60 + columns.reduce((sum, c) => sum + COLUMN_WIDTHS[c][0], 0);
  return { template: ['60px', ...tracks].join(' '), minWidth };
}

/** Priority by rank: critical first when descending (spec 2, section 7 sort). */
const PRIORITY_RANK: Record<string, number> = Object.fromEntries(
  PRIORITIES.map((p, i) => [p, PRIORITIES.length - i]),
);

export const priorityRank = (priority: string): number => PRIORITY_RANK[priority] ?? 0;

/** A cell's value for sorting: numbers compare as numbers, the rest as text; null sorts last. */
export function sortValue(
  alert: AlertSummary,
  column: ColumnKey,
  customerName: (id: string) => string,
): string | number | null {
  switch (column) {
    case 'priority':
      return priorityRank(alert.priority);
    case 'customer_id':
      return customerName(alert.customer_id);
    case 'assigned_users':
      return alert.assigned_users.length ? alert.assigned_users.join(', ') : null;
    case '@timestamp':
    case 'updated_at':
      // ISO 8601 instants in UTC sort as text.
      return alert[column];
    default:
      return alert[column];
  }
}
