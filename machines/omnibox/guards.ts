import { indicatorKind } from '../../src/common/patterns.ts';
import type { Indicator } from './omnibox.context.ts';

/**
 * Whether the text is a platform search: not blank, and not a slash command (`>status closed`),
 * which the command palette handles without the server.
 */
export function isSearchable(query: string): boolean {
  const text = query.trim();
  return text !== '' && !text.startsWith('>');
}

/** The text as a threat-lookup indicator (spec 1, section 5), or null. */
export function toIndicator(query: string): Indicator | null {
  const kind = indicatorKind(query);
  return kind ? { kind, value: query.trim() } : null;
}

export const sameIndicator = (a: Indicator | null, b: Indicator | null): boolean =>
  a !== null && b !== null && a.kind === b.kind && a.value === b.value;

/** A cancelled request: fetch rejects with a DOMException named AbortError. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
