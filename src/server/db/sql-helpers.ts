import { type Column, inArray, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column in (ids)`, or a predicate that matches nothing when ids is empty. */
export function inIds(column: Column, ids: readonly string[]) {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}
