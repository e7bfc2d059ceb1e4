import { type Column, inArray, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column in (ids)`, or a predicate that matches nothing when ids is empty. */
export function inIds(column: Column, ids: readonly string[]) {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}

const PG_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** ISO 8601 with milliseconds, from a Date or from PostgreSQL's timestamptz text. */
export function isoTimestamp(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const utc = PG_UTC.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  // Another session time zone: let Date do the arithmetic ("+02" → "+02:00").
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}
