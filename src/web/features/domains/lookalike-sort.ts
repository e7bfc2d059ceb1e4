import type { Lookalike } from './api.ts';

export type LookalikeSort = 'name' | 'fuzzer' | 'classification' | 'risk' | 'confidence' | 'age_days';

export const CLASSIFICATIONS = ['phishing', 'mail', 'web', 'parked', 'unregistered'] as const;

/** The lookalikes in the column's order; unknown ages last either way, ties by name. */
export function sortLookalikes(
  rows: readonly Lookalike[],
  column: LookalikeSort,
  direction: 'asc' | 'desc',
): Lookalike[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order !== 0 ? sign * order : a.name.localeCompare(b.name);
  });
}
