import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types.ts';

/**
 * Inserts `total` rows in batches of `batchSize`, each row made on demand by `make(index)`. Only one
 * batch is in memory at a time, so a million alerts take as much memory as two thousand.
 *
 * Each batch travels as ONE JSON parameter expanded by jsonb_to_recordset, not as a multi-row
 * VALUES list: building drizzle's VALUES SQL for 2 000 rows × 20 columns cost as much time as the
 * database spent inserting them, and one parameter also stays clear of the 65 535-parameter limit.
 * Column names and types come from the drizzle table, so the schema stays the single source.
 */
export async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  total: number,
  batchSize: number,
  make: (index: number) => T['$inferInsert'],
  onBatch?: (done: number) => void | Promise<void>,
): Promise<void> {
  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize);
    const rows: T['$inferInsert'][] = [];
    for (let i = start; i < end; i++) rows.push(make(i));
    await insertRows(db, table, rows);
    await onBatch?.(end);
  }
}

/** Inserts already-made rows in one statement (one JSON parameter); callers keep the batches small. */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  made: readonly T['$inferInsert'][],
): Promise<void> {
  if (made.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const rows: Record<string, unknown>[] = [];
  const keys = new Set<string>();
  for (const row of made) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      const column = columns[key];
      if (!column || value === undefined) continue;
      out[column.name] = value;
      keys.add(key);
    }
    rows.push(out);
  }
  await db.execute(insertStatement(table, columns, [...keys], JSON.stringify(rows)));
}

function insertStatement(table: PgTable, columns: Record<string, PgColumn>, keys: string[], json: string) {
  const names = keys.map((k) => `"${columns[k]!.name}"`).join(', ');
  const types = keys.map((k) => `"${columns[k]!.name}" ${recordType(columns[k]!)}`).join(', ');
  // Table and column names come from the schema, never from input; the data is a bound parameter.
  return sql`insert into ${sql.raw(`"${getTableName(table)}" (${names})`)}
    select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as ${sql.raw(`r(${types})`)}`;
}

/** The column's type as a record field: serial types are only for column definitions. */
function recordType(column: PgColumn): string {
  const type = column.getSQLType();
  return type === 'bigserial'
    ? 'bigint'
    : type === 'serial'
      ? 'integer'
      : type === 'smallserial'
        ? 'smallint'
        : type;
}
