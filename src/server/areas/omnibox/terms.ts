import { escapeLike } from '../../db/sql-helpers.ts';

/**
 * Shorter inputs match at the start only: one or two characters somewhere in a name or title
 * match nearly everything, which is noise rather than suggestions.
 */
export const MIN_CONTAINS_LENGTH = 3;

/** What the omnibox compares with, derived once from the typed text. */
export interface SearchTerms {
  /** The input, trimmed: exact matches compare with it case-insensitively. */
  text: string;
  /** LIKE pattern of matches starting with the text. */
  prefix: string;
  /** LIKE pattern of every match: anywhere, or at the start for short inputs (MIN_CONTAINS_LENGTH). */
  match: string;
  /** The text as a record id (alerts, cases), when it is one. */
  id: number | null;
  /**
   * Spellings to look up by plain equality (as typed, lower case, upper case): equality is the one
   * text comparison PostgreSQL may run through an index under row-level security.
   */
  spellings: string[];
  /** Whether the text could be part of a host name: host names never contain whitespace. */
  hostLike: boolean;
  /** Whether the text could be part of an IP address; other texts are not compared with IPs. */
  ipLike: boolean;
}

export function searchTerms(input: string): SearchTerms {
  const text = input.trim();
  const escaped = escapeLike(text);
  const prefix = `${escaped}%`;
  return {
    text,
    prefix,
    match: text.length < MIN_CONTAINS_LENGTH ? prefix : `%${escaped}%`,
    id: /^\d{1,15}$/.test(text) ? Number(text) : null,
    spellings: [...new Set([text, text.toLowerCase(), text.toUpperCase()])],
    hostLike: !/\s/.test(text),
    ipLike: /^[0-9a-f.:]+$/i.test(text),
  };
}
