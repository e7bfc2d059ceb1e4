import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/** One table's rows held back, and how to insert them (one statement for the lot). */
interface Held {
  rows: unknown[];
  insert: (json: string) => SQL;
}

/**
 * Rows that a transaction of many small changes (a workflow's steps done together: comments,
 * priority and status changes, each with its audit and activity rows) writes with its last
 * statement instead of one insert each: a round trip a row saved. Only for rows nothing in the
 * transaction reads back. Keyed by the transaction object, so it ends with it.
 */
const heldBy = new WeakMap<Db, Map<string, Held>>();

/** From now on, this transaction's deferrable inserts wait for `deferredInserts`. */
export function deferInserts(tx: Db): void {
  heldBy.set(tx, new Map());
}

/**
 * Holds the rows back when the transaction defers its inserts (answers true), else answers false
 * and the caller inserts them now. `insert` builds the statement from the rows as a JSON array.
 */
export function deferInsert(
  tx: Db,
  table: string,
  rows: readonly unknown[],
  insert: (json: string) => SQL,
): boolean {
  const held = heldBy.get(tx);
  if (!held) return false;
  const already = held.get(table);
  if (already) already.rows.push(...rows);
  else held.set(table, { rows: [...rows], insert });
  return true;
}

/**
 * The held rows' inserts as common table expressions (`, deferred_0 as (insert …)`) for the
 * transaction's last statement, which PostgreSQL runs whether or not the query reads them. Empty
 * when nothing is held; what it answers is no longer held.
 */
export function deferredInserts(tx: Db): SQL {
  const held = heldBy.get(tx);
  if (!held || held.size === 0) return sql``;
  const parts = [...held.values()].map(
    (table, i) => sql`, ${sql.raw(`deferred_${i}`)} as (${table.insert(JSON.stringify(table.rows))})`,
  );
  held.clear();
  return sql.join(parts, sql``);
}
