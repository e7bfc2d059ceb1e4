import { parse } from 'tldts';
import type { FieldIssue } from '../../errors.ts';
import { DEFAULT_WORDS } from './fuzzers/dictionary.ts';
import { DEFAULT_TLDS } from './fuzzers/tld-swap.ts';

/** Enough for a thorough dictionary without one scan resolving tens of thousands of names. */
export const MAX_WORDS = 200;
export const MAX_TLDS = 100;
const MAX_WORD_LENGTH = 30;
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const WORD_INVALID = `A word must be a DNS label: letters a-z, digits and inner hyphens, at most ${MAX_WORD_LENGTH} characters.`;
export const TLD_UNKNOWN = 'Not a known top-level domain or public suffix.';
export const TOO_MANY_WORDS = `At most ${MAX_WORDS} words.`;
export const TOO_MANY_TLDS = `At most ${MAX_TLDS} top-level domains.`;

/** A suffix registries sell names under (ICANN section of the public suffix list), e.g. com, co.uk. */
function knownSuffix(tld: string): boolean {
  if (!/^[a-z0-9.-]+$/.test(tld) || tld.startsWith('.') || tld.endsWith('.')) return false;
  const parts = parse(`example.${tld}`, { allowPrivateDomains: false });
  return parts.isIcann === true && parts.publicSuffix === tld;
}

export interface FuzzListsInput {
  words: readonly string[] | null;
  tlds: readonly string[] | null;
}

/**
 * The lists as stored: trimmed, lower-cased, duplicates dropped in order; null keeps the default.
 * Every bad entry is a field issue (`words[2]`), so a form can mark each one.
 */
export function normaliseFuzzLists(input: FuzzListsInput): {
  lists: { words: string[] | null; tlds: string[] | null };
  issues: FieldIssue[];
} {
  const issues: FieldIssue[] = [];
  const clean = (values: readonly string[] | null, field: 'words' | 'tlds') => {
    if (values === null) return null;
    const max = field === 'words' ? MAX_WORDS : MAX_TLDS;
    const out: string[] = [];
    for (const [index, raw] of values.entries()) {
      const value = raw.trim().toLowerCase().replace(/^\./, '');
      const ok =
        field === 'words' ? value.length <= MAX_WORD_LENGTH && DNS_LABEL.test(value) : knownSuffix(value);
      if (!ok)
        issues.push({ field: `${field}[${index}]`, reason: field === 'words' ? WORD_INVALID : TLD_UNKNOWN });
      else if (!out.includes(value)) out.push(value);
    }
    if (out.length > max) issues.push({ field, reason: field === 'words' ? TOO_MANY_WORDS : TOO_MANY_TLDS });
    return out;
  };
  return { lists: { words: clean(input.words, 'words'), tlds: clean(input.tlds, 'tlds') }, issues };
}

/** What the fuzzers use for a domain, and whether each list is its own or the default. */
export function presentFuzzLists(row: { fuzzWords: string[] | null; fuzzTlds: string[] | null }) {
  return {
    words: row.fuzzWords ?? [...DEFAULT_WORDS],
    tlds: row.fuzzTlds ?? [...DEFAULT_TLDS],
    custom_words: row.fuzzWords !== null,
    custom_tlds: row.fuzzTlds !== null,
  };
}
