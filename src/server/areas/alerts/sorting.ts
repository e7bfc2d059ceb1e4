import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { alerts } from '../../db/schema/index.ts';
import { badCursor, decodeCursor, encodeCursor } from '../../platform/cursor.ts';

export type AlertSortKey = components['schemas']['AlertSortKey'];
export type SortOrder = 'asc' | 'desc';

/**
 * Priority by rank, not alphabetically (spec 1, section 4.7). An index on exactly this expression
 * (with id) makes the priority sort fast; keep the two identical.
 */
export const PRIORITY_RANK = sql<number>`(case ${alerts.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end)`;

interface SortColumn {
  expr: AnyColumn | SQL;
  /** PostgreSQL type the cursor's text value is cast back to. */
  cast: 'bigint' | 'integer' | 'text' | 'uuid' | 'timestamptz' | 'text[]';
  nullable: boolean;
}

const SORT_COLUMNS: Record<AlertSortKey, SortColumn> = {
  id: { expr: alerts.id, cast: 'bigint', nullable: false },
  case_id: { expr: alerts.caseId, cast: 'bigint', nullable: true },
  title: { expr: alerts.title, cast: 'text', nullable: false },
  customer_id: { expr: alerts.customerId, cast: 'uuid', nullable: false },
  status: { expr: alerts.status, cast: 'text', nullable: false },
  priority: { expr: PRIORITY_RANK, cast: 'integer', nullable: false },
  assigned_users: { expr: alerts.assignedUsers, cast: 'text[]', nullable: false },
  host_name: { expr: alerts.hostName, cast: 'text', nullable: true },
  host_os: { expr: alerts.hostOs, cast: 'text', nullable: true },
  log_level: { expr: alerts.logLevel, cast: 'text', nullable: true },
  external_source: { expr: alerts.externalSource, cast: 'text', nullable: true },
  '@timestamp': { expr: alerts.createdAt, cast: 'timestamptz', nullable: false },
  updated_at: { expr: alerts.updatedAt, cast: 'timestamptz', nullable: false },
};

/** Where the previous page ended: the sort value (as text, exact) and the id of its last row. */
export interface Cursor {
  sort: AlertSortKey;
  order: SortOrder;
  value: string | null;
  id: number;
}

/** ORDER BY for a sort: the column, then the id as the unique tiebreaker, both in the same direction. */
export function orderBy(sort: AlertSortKey, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort];
  return sort === 'id' ? [direction(alerts.id)] : [direction(column.expr), direction(alerts.id)];
}

/**
 * The cursor value of a row, computed by PostgreSQL: its sort value as text that casts back exactly
 * (timestamps keep their microseconds; a JavaScript Date would round them and repeat or skip rows at
 * page edges). Arrays are JSON text, which textArray reads back.
 */
export function cursorValueSql(sort: AlertSortKey): SQL<string | null> {
  const { expr, cast } = SORT_COLUMNS[sort];
  return cast === 'text[]' ? sql`to_json(${expr})::text` : sql`(${expr})::text`;
}

/**
 * Rows strictly after the cursor in the sort's order. Empty values (null) sort as the largest,
 * like PostgreSQL's default (last ascending, first descending).
 */
export function afterCursor(cursor: Cursor): SQL {
  const { expr, cast, nullable } = SORT_COLUMNS[cursor.sort];
  const id = cursor.id;
  if (cursor.sort === 'id')
    return cursor.order === 'asc' ? sql`${alerts.id} > ${id}` : sql`${alerts.id} < ${id}`;
  const value = cast === 'text[]' ? textArray(cursor.value) : sql`${cursor.value}::${sql.raw(cast)}`;
  if (cursor.order === 'asc') {
    if (cursor.value === null) return sql`(${expr} is null and ${alerts.id} > ${id})`;
    if (!nullable) return sql`((${expr}, ${alerts.id}) > (${value}, ${id}))`;
    return sql`(${expr} > ${value} or (${expr} = ${value} and ${alerts.id} > ${id}) or ${expr} is null)`;
  }
  if (cursor.value === null) return sql`((${expr} is null and ${alerts.id} < ${id}) or ${expr} is not null)`;
  if (!nullable) return sql`((${expr}, ${alerts.id}) < (${value}, ${id}))`;
  return sql`(${expr} < ${value} or (${expr} = ${value} and ${alerts.id} < ${id}))`;
}

/** A text[] literal built element by element from the cursor's JSON array (validated on decode). */
function textArray(json: string | null): SQL {
  const items = JSON.parse(json ?? '[]') as string[];
  if (items.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    items.map((item) => sql`${item}::text`),
    sql`, `,
  )}]`;
}

/** The opaque `search_after` string. */
export function encodeAlertCursor(cursor: Cursor): string {
  return encodeCursor([cursor.sort, cursor.order, cursor.value, cursor.id]);
}

/** Reads a `search_after` string made for this sort and order, or answers 400. */
export function decodeAlertCursor(text: string, sort: AlertSortKey, order: SortOrder): Cursor {
  const [madeFor, madeOrder, value, id] = decodeCursor(text, isAlertCursor);
  if (madeFor !== sort || madeOrder !== order) {
    throw badCursor('was made for another sort or order; start again without it');
  }
  if (value !== null && !validCursorValue(SORT_COLUMNS[sort].cast, value)) throw badCursor();
  return { sort, order, value, id };
}

function isAlertCursor(parsed: unknown[]): parsed is [AlertSortKey, SortOrder, string | null, number] {
  return (
    parsed.length === 4 &&
    typeof parsed[0] === 'string' &&
    parsed[0] in SORT_COLUMNS &&
    (parsed[1] === 'asc' || parsed[1] === 'desc') &&
    (parsed[2] === null || (typeof parsed[2] === 'string' && parsed[2].length <= 1000)) &&
    Number.isSafeInteger(parsed[3]) &&
    (parsed[3] as number) >= 0
  );
}

/** Refuses values that would make the cast fail in SQL (a 500), e.g. a hand-made cursor. */
function validCursorValue(cast: SortColumn['cast'], value: string): boolean {
  if (value.includes('\u0000')) return false;
  switch (cast) {
    case 'bigint':
      return /^-?\d{1,18}$/.test(value);
    case 'integer':
      return /^-?\d{1,9}$/.test(value);
    case 'uuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
    case 'timestamptz':
      return validPgTimestamp(value);
    case 'text[]':
      try {
        const items: unknown = JSON.parse(value);
        return (
          Array.isArray(items) &&
          items.length <= 50 &&
          items.every((item) => typeof item === 'string' && !item.includes('\u0000'))
        );
      } catch {
        return false;
      }
    default:
      return true;
  }
}

/** PostgreSQL's own timestamptz text (DateStyle ISO), as cursorValueSql writes it, and a real instant. */
function validPgTimestamp(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/.exec(
    value,
  );
  if (!m) return false;
  const [year, month, day, hour, minute, second, offset] = [m[1], m[2], m[3], m[4], m[5], m[6], m[8]].map(
    Number,
  ) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offset! <= 15
  );
}
