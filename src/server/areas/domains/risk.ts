import type { components } from '../../../api/schema.d.ts';
import type { LookalikeState } from './state.ts';

type RiskFactor = components['schemas']['RiskFactor'];
type Classification = components['schemas']['LookalikeClassification'];

/** How convincing each fuzzer's names are to a reader: whole-script and glyph swaps fool the eye best. */
const FUZZER_WEIGHT: Readonly<Record<string, number>> = {
  cyrillic: 30,
  homoglyph: 25,
  dictionary: 20,
  hyphenation: 20,
  omission: 20,
  repetition: 20,
  transposition: 20,
  'tld-swap': 15,
  addition: 15,
  insertion: 15,
  replacement: 15,
  'vowel-swap': 15,
  bitsquatting: 10,
  subdomain: 10,
};

export interface RiskInput {
  fuzzer: string;
  state: LookalikeState;
  wildcard: boolean;
  addresses: readonly string[];
  mx: readonly string[];
  ageDays: number | null;
  popularity: number | null;
}

/** Each factor that adds to (or takes from) the risk, with its weight and what was seen. */
export function riskBreakdown(input: RiskInput): RiskFactor[] {
  if (!input.state.registered) return [];
  const factors: RiskFactor[] = [
    { factor: 'fuzzer', weight: FUZZER_WEIGHT[input.fuzzer] ?? 10, detail: input.fuzzer },
  ];
  if (input.state.hasMx) factors.push({ factor: 'has_mx', weight: 25, detail: input.mx[0] ?? '' });
  if (input.state.servesPage)
    factors.push({ factor: 'serves_page', weight: 20, detail: input.addresses[0] ?? '' });
  if (input.state.resolves)
    factors.push({ factor: 'resolves', weight: 10, detail: input.addresses[0] ?? '' });
  if (input.ageDays !== null && input.ageDays < 180)
    factors.push({ factor: 'young', weight: input.ageDays < 30 ? 20 : 10, detail: String(input.ageDays) });
  // A zone that answers every name is usually parked: its records say little about intent.
  if (input.wildcard) factors.push({ factor: 'wildcard', weight: -10, detail: '*' });
  // An established, much-visited site is rarely a fresh phishing set-up: the higher its rank
  // (1 is the most visited), the more it takes off.
  if (input.popularity !== null && input.popularity > 0)
    factors.push({
      factor: 'popularity',
      weight: popularityWeight(input.popularity),
      detail: String(input.popularity),
    });
  return factors;
}

/** A top-10 000 site takes 20 off, a top-100 000 one 15, any other listed one 10. */
export const popularityWeight = (rank: number) => (rank <= 10_000 ? -20 : rank <= 100_000 ? -15 : -10);

export const riskOf = (factors: readonly RiskFactor[]) =>
  Math.max(
    0,
    Math.min(
      100,
      factors.reduce((sum, f) => sum + f.weight, 0),
    ),
  );

export function classify(state: LookalikeState): Classification {
  if (!state.registered) return 'unregistered';
  if (state.servesPage && state.hasMx) return 'phishing';
  if (state.hasMx) return 'mail';
  if (state.servesPage) return 'web';
  return 'parked';
}

/** How settled the state is: a pending change halves it, more agreeing scans raise it, a wildcard caps it. */
export function confidenceOf(stableCount: number, pending: boolean, wildcard: boolean): number {
  const settled = Math.min(100, 40 + 20 * stableCount);
  const value = pending ? Math.round(settled / 2) : settled;
  return wildcard ? Math.min(value, 60) : value;
}
