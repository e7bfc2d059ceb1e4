import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './types.ts';

/** A table's rows given as JSON objects, and the columns (name to SQL type) they fill. */
export interface JsonRowsTable {
  table: PgTable;
  columns: Readonly<Record<string, string>>;
}

/** One table's rows held back, and how to insert them. */
interface Held {
  rows: unknown[];
  into: JsonRowsTable;
}

/**
 * Rows that a transaction of many small changes (a workflow's steps done together: comments,
 * priority and status changes, each with its audit and activity rows) writes with its last
 * statement instead of one insert each: a round trip a row saved. Only for rows nothing in the
 * transaction reads back. Keyed by the transaction object, so it ends with it.
 */
const heldBy = new WeakMap<Db, Map<string, Held>>();

/** From now on, this transaction's `insertRows` wait for `deferredInserts`. */
export function deferInserts(tx: Db): void {
  heldBy.set(tx, new Map());
}

/**
 * Inserts the rows in one statement however many, or holds them back when the transaction
 * defers its inserts (`deferInserts`).
 */
export async function insertRows(tx: Db, into: JsonRowsTable, rows: readonly unknown[]): Promise<void> {
  const held = heldBy.get(tx);
  if (!held) {
    await tx.execute(insertJson(into, rows));
    return;
  }
  const name = getTableName(into.table);
  const already = held.get(name);
  if (already) already.rows.push(...rows);
  else held.set(name, { rows: [...rows], into });
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
    (table, i) => sql`, ${sql.raw(`deferred_${i}`)} as (${insertJson(table.into, table.rows)})`,
  );
  held.clear();
  return sql.join(parts, sql``);
}

/** One statement with one parameter (the rows as a JSON array). */
function insertJson({ table, columns }: JsonRowsTable, rows: readonly unknown[]): SQL {
  const names = sql.raw(Object.keys(columns).join(', '));
  const types = sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `${name} ${type}`)
      .join(', '),
  );
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})`;
}
