import type { AlertSummary } from '../types.ts';
import { type ColumnKey, sortValue } from './columns.ts';

/**
 * Ranks for sorting the loaded rows (spec 1, section 4.6): text compares lower-cased with < (not
 * a collator), numbers as numbers; rows without a value get no rank.
 */

type Key = string | number;

export interface Ranking {
  /** Per row: the rank of its value among the distinct values, or -1 when it has none. */
  ranks: Int32Array;
  /** How many different ranks there are. */
  distinct: number;
}

const compare = (a: Key, b: Key) => (a < b ? -1 : a > b ? 1 : 0);

/** The sort key of each row (lower-cased text, a number, or null). */
function keysOf(rows: readonly AlertSummary[], column: ColumnKey, customerName: (id: string) => string) {
  return rows.map((row) => {
    const value = sortValue(row, column, customerName);
    return typeof value === 'string' ? value.toLowerCase() : value;
  });
}

/** Ranks of numbers: a native sort of the values, then a binary search per row. */
function rankNumbers(keys: readonly (number | null)[]): Ranking {
  const values = new Float64Array(keys.length);
  let count = 0;
  for (const key of keys) if (key !== null) values[count++] = key;
  const sorted = values.subarray(0, count).sort();
  let distinct = 0;
  for (let k = 0; k < count; k++)
    if (k === 0 || sorted[k] !== sorted[distinct - 1]) sorted[distinct++] = sorted[k]!;
  const ranks = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === null) {
      ranks[i] = -1;
      continue;
    }
    let low = 0;
    let high = distinct - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < key) low = mid + 1;
      else high = mid;
    }
    ranks[i] = low;
  }
  return { ranks, distinct };
}

/**
 * Ranks from sorting the row positions by key. Used when most values differ (timestamps, ids),
 * where collecting distinct values first would cost more than it saves.
 */
function rankByRows(keys: readonly (Key | null)[]): Ranking {
  const positions: number[] = [];
  for (let i = 0; i < keys.length; i++) if (keys[i] !== null) positions.push(i);
  positions.sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  const ranks = new Int32Array(keys.length).fill(-1);
  let current = -1;
  for (let k = 0; k < positions.length; k++) {
    if (k === 0 || compare(keys[positions[k - 1]!]!, keys[positions[k]!]!) !== 0) current++;
    ranks[positions[k]!] = current;
  }
  return { ranks, distinct: current + 1 };
}

/**
 * Ranks from sorting the distinct values only. Used when values repeat (titles, statuses,
 * customers): 100 000 alerts hold a few hundred titles. Null when they turn out not to repeat.
 */
function rankByValues(
  rows: readonly AlertSummary[],
  column: ColumnKey,
  customerName: (id: string) => string,
): Ranking | null {
  const n = rows.length;
  const slotOf = new Int32Array(n);
  const slots = new Map<Key, number>();
  const keys: Key[] = [];
  for (let i = 0; i < n; i++) {
    const value = sortValue(rows[i]!, column, customerName);
    if (value === null) {
      slotOf[i] = -1;
      continue;
    }
    let slot = slots.get(value);
    if (slot === undefined) {
      slot = keys.length;
      keys.push(typeof value === 'string' ? value.toLowerCase() : value);
      slots.set(value, slot);
      if (i >= SAMPLE && keys.length > i / 2) return null;
    }
    slotOf[i] = slot;
  }
  const bySlot = keys.map((_, slot) => slot).sort((a, b) => compare(keys[a]!, keys[b]!));
  const rankOfSlot = new Int32Array(keys.length);
  let current = -1;
  for (let k = 0; k < bySlot.length; k++) {
    // Values equal once lower-cased ("WEB-01", "web-01") share a rank.
    if (k === 0 || compare(keys[bySlot[k - 1]!]!, keys[bySlot[k]!]!) !== 0) current++;
    rankOfSlot[bySlot[k]!] = current;
  }
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = slotOf[i]! < 0 ? -1 : rankOfSlot[slotOf[i]!]!;
  return { ranks, distinct: current + 1 };
}

/** Rows looked at before deciding that the values do not repeat. */
const SAMPLE = 1_000;

const isNumberOrNull = (key: Key | null): key is number | null =>
  key === null || (typeof key === 'number' && !Number.isNaN(key));

/** Each row's rank among the column's distinct values (equal values share one). */
export function rankColumn(
  rows: readonly AlertSummary[],
  column: ColumnKey,
  customerName: (id: string) => string,
): Ranking {
  const byValues = rankByValues(rows, column, customerName);
  if (byValues) return byValues;
  const keys = keysOf(rows, column, customerName);
  return keys.every(isNumberOrNull) ? rankNumbers(keys) : rankByRows(keys);
}
