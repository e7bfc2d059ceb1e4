import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { normaliseDomain } from '../names.ts';
import { addition } from './addition.ts';
import { bitsquatting } from './bitsquatting.ts';
import { cyrillic } from './cyrillic.ts';
import { DEFAULT_WORDS, dictionary } from './dictionary.ts';
import { homoglyph } from './homoglyph.ts';
import { hyphenation } from './hyphenation.ts';
import { insertion } from './insertion.ts';
import { omission } from './omission.ts';
import { repetition } from './repetition.ts';
import { replacement } from './replacement.ts';
import { subdomain } from './subdomain.ts';
import { DEFAULT_TLDS, tldSwap } from './tld-swap.ts';
import { transposition } from './transposition.ts';
import { vowelSwap } from './vowel-swap.ts';

/** dnstwist's fuzzers, in its order: a name two fuzzers make is credited to the first. */
export const FUZZERS = [
  'addition',
  'bitsquatting',
  'cyrillic',
  'homoglyph',
  'hyphenation',
  'insertion',
  'omission',
  'repetition',
  'replacement',
  'subdomain',
  'transposition',
  'vowel-swap',
  'dictionary',
  'tld-swap',
] as const;
export type FuzzerName = (typeof FUZZERS)[number];

const LABEL_FUZZERS: Record<
  Exclude<FuzzerName, 'dictionary' | 'tld-swap'>,
  (label: string) => Iterable<string>
> = {
  addition,
  bitsquatting,
  cyrillic,
  homoglyph,
  hyphenation,
  insertion,
  omission,
  repetition,
  replacement,
  subdomain,
  transposition,
  'vowel-swap': vowelSwap,
};

/** One candidate: an ASCII (punycode) name and the fuzzer that made it. */
export interface Candidate {
  name: string;
  fuzzer: FuzzerName;
}

export interface FuzzOptions {
  words?: readonly string[];
  tlds?: readonly string[];
}

/**
 * Every candidate lookalike of a domain: the registrable label (the part before the public
 * suffix, in Unicode) run through each fuzzer, and the label under other suffixes. Names that
 * are not valid domain names once encoded are dropped, as is the domain itself.
 */
export function generateCandidates(domain: string, options: FuzzOptions = {}): Candidate[] {
  const parts = parse(domain, { allowPrivateDomains: false });
  const suffix = parts.publicSuffix;
  const ascii = parts.domainWithoutSuffix;
  if (!suffix || !ascii) return [];
  const label = domainToUnicode(ascii) || ascii;
  const prefix = parts.subdomain ? `${parts.subdomain}.` : '';
  const original = normaliseDomain(domain);
  const seen = new Map<string, FuzzerName>();
  const add = (fuzzer: FuzzerName, variant: string, tld: string) => {
    const name = normaliseDomain(`${prefix}${variant}.${tld}`);
    if (name && name !== original && !seen.has(name)) seen.set(name, fuzzer);
  };
  for (const [fuzzer, fn] of Object.entries(LABEL_FUZZERS) as [FuzzerName, (l: string) => Iterable<string>][])
    for (const variant of fn(label)) add(fuzzer, variant, suffix);
  for (const variant of dictionary(label, options.words ?? DEFAULT_WORDS)) add('dictionary', variant, suffix);
  for (const tld of tldSwap(suffix, options.tlds ?? DEFAULT_TLDS)) add('tld-swap', label, tld);
  return [...seen].map(([name, fuzzer]) => ({ name, fuzzer }));
}
