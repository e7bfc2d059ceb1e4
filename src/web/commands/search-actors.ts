import { fromPromise } from 'xstate';
import type {
  Indicator,
  OmniboxSuggestion,
  SearchInput,
  ThreatIntel,
} from '../../../machines/omnibox/omnibox.context.ts';
import { api } from '../../api/client.ts';

/** Performance marks around a search, read by bench/omnibox.ts (performance.getEntriesByName). */
export const PERF = {
  /** The search actor started: the end of the debounce. */
  searchStart: 'omnibox:search-start',
  /** The API answered (JSON parsed). */
  response: 'omnibox:response',
  /** The frame showing the suggestions was painted. */
  resultsPainted: 'omnibox:results-painted',
  /** searchStart → resultsPainted: the budgeted figure. */
  searchToPaint: 'omnibox:search-to-paint',
  /** response → resultsPainted: what the palette itself adds. */
  responseToPaint: 'omnibox:response-to-paint',
} as const;

/**
 * GET /api/search/omnibox (spec 1, section 7). customer_ids only when a customer filter is
 * active. Aborted through the actor's signal when a newer search replaces it; a non-200 answer
 * throws 'Invalid response from omnibox endpoint'.
 */
export async function searchOmnibox(
  query: string,
  customerIds: readonly string[],
  signal: AbortSignal,
): Promise<OmniboxSuggestion[]> {
  const { data, response } = await api.GET('/api/search/omnibox', {
    params: { query: { query, customer_ids: customerIds.length > 0 ? [...customerIds] : undefined } },
    signal,
  });
  if (!data || response.status !== 200) throw new Error('Invalid response from omnibox endpoint');
  return data.suggestions;
}

/** Verdicts already fetched, per kind and value (spec 1, section 7: cached per kind and value). */
const threatCache = new Map<string, ThreatIntel>();

/** Forgets the cached verdicts (tests). */
export const clearThreatCache = () => threatCache.clear();

/** GET /api/threat/{kind}/{value}, once per kind and value for the life of the page. */
export async function lookupThreat({ kind, value }: Indicator, signal?: AbortSignal): Promise<ThreatIntel> {
  const key = `${kind}:${value}`;
  const cached = threatCache.get(key);
  if (cached) return cached;
  const { data, response } = await api.GET('/api/threat/{kind}/{value}', {
    params: { path: { kind, value } },
    signal,
  });
  if (!data || response.status !== 200) throw new Error('Invalid response from threat endpoint');
  threatCache.set(key, data);
  return data;
}

/** The omnibox machine's actors, reading the customer selection at the moment a search starts. */
export function omniboxActors(customerIds: () => readonly string[]) {
  return {
    search: fromPromise<OmniboxSuggestion[], SearchInput>(async ({ input, signal }) => {
      performance.clearMarks(PERF.resultsPainted);
      performance.clearMarks(PERF.response);
      performance.mark(PERF.searchStart);
      const suggestions = await searchOmnibox(input.query, customerIds(), signal);
      performance.mark(PERF.response);
      return suggestions;
    }),
    lookupThreat: fromPromise<ThreatIntel, Indicator>(({ input, signal }) => lookupThreat(input, signal)),
  };
}
