import { sql } from 'drizzle-orm';
import { cases } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';

/**
 * The case list's keyset cursor: the last row's updated_at (to the microsecond, as PostgreSQL
 * keeps it; a JavaScript Date would round to milliseconds and skip or repeat rows) and its id.
 */
export interface CaseCursor {
  updatedAt: string;
  id: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** updated_at as exact UTC text, to select beside each row. */
export const cursorTimestamp = sql<string>`to_char(${cases.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCaseCursor(cursor: CaseCursor): string {
  return encodeCursor([cursor.updatedAt, cursor.id]);
}

/** Reads a cursor this list handed out; anything else is a 400 naming `search_after`. */
export function decodeCaseCursor(text: string): CaseCursor {
  const [updatedAt, id] = decodeCursor(text, isCaseCursor);
  return { updatedAt, id };
}

function isCaseCursor(value: unknown[]): value is [string, number] {
  return (
    value.length === 2 &&
    typeof value[0] === 'string' &&
    TIMESTAMP.test(value[0]) &&
    isRealInstant(value[0]) &&
    Number.isSafeInteger(value[1]) &&
    (value[1] as number) >= 1
  );
}

/** A date PostgreSQL will accept: JavaScript rolls 30 February over, PostgreSQL refuses it. */
function isRealInstant(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === text.slice(0, 23);
}

/** Rows after the cursor in the list's order (updated_at desc, id desc). */
export function afterCursor(cursor: CaseCursor) {
  return sql`(${cases.updatedAt}, ${cases.id}) < (${cursor.updatedAt}::timestamptz, ${cursor.id}::bigint)`;
}
