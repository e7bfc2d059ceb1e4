import { type ApiError, badRequest } from '../errors.ts';

/**
 * The opaque `search_after` string of a keyset-paged list: the last row's sort values (and
 * whatever else the list needs to check the cursor was made for it), as base64url JSON.
 */
export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** 400 naming `querystring.search_after`; the default reason fits any cursor the API did not hand out. */
export function badCursor(reason = 'is not a cursor this API returned'): ApiError {
  return badRequest('querystring.search_after', reason);
}

/**
 * Reads a cursor: its values when `wellFormed` accepts them, else badCursor. Lists check every
 * value before it reaches SQL, so a hand-made cursor is a 400 rather than a failed cast (a 500).
 */
export function decodeCursor<T extends unknown[]>(
  text: string,
  wellFormed: (values: unknown[]) => values is T,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || !wellFormed(parsed)) throw badCursor();
  return parsed;
}
