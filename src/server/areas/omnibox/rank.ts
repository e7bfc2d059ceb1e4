import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SearchTerms } from './terms.ts';

/**
 * Case-insensitive LIKE. The same as ILIKE, which lower-cases the pattern again for every row on a
 * multibyte database; here PostgreSQL lower-cases the pattern once and each value once. A pattern
 * without letters (an alert number, an IP address) needs no lower-casing at all.
 */
export function like(column: SQLWrapper, pattern: string): SQL {
  if (pattern.toLowerCase() === pattern.toUpperCase()) return sql`${column} like ${pattern}`;
  return sql`lower(${column}) like lower(${pattern})`;
}

/** Whether any of the columns matches the pattern (case-insensitive LIKE). */
export function likeAny(columns: SQLWrapper[], pattern: string): SQL {
  return sql.join(
    columns.map((column) => like(column, pattern)),
    sql` or `,
  );
}

/**
 * Rank of a match, best first: 0 exact (case-insensitive, or the record id), 1 starts with the
 * text, 2 anywhere. Every category sorts by it before its own order.
 */
export function rank(columns: SQLWrapper[], terms: SearchTerms, id?: SQLWrapper): SQL {
  const exact = columns.map((column) => sql`lower(${column}) = lower(${terms.text})`);
  if (id && terms.id !== null) exact.push(sql`${id} = ${terms.id}`);
  return sql`(case when ${sql.join(exact, sql` or `)} then 0 when ${likeAny(columns, terms.prefix)} then 1 else 2 end)`;
}
