import type { savedSearches } from '../../../db/schema/index.ts';
import { badRequest } from '../../../errors.ts';
import type { SearchFilter } from '../filters.ts';
import { detectMode, type QueryMode } from '../query.ts';
import { type StoredSearch, whereOf } from '../search.ts';

type SavedRow = typeof savedSearches.$inferSelect;

/** Spec 2, section 9: realert always, or not again for 1, 2, 5, 10 or 30 minutes. */
export const REALERT = ['always', '1', '2', '5', '10', '30'] as const;
export type Realert = (typeof REALERT)[number];
export const realertMinutes = (realert: Realert) => (realert === 'always' ? 0 : Number(realert));
export const realertOf = (minutes: number): Realert =>
  minutes === 0 ? 'always' : (String(minutes) as Realert);

/**
 * A saved search as the search a rule counts: its term, mode, filters and source over the
 * `periodSeconds` before `at`, for the customers the rule's owner may see (`customerIds`), narrowed
 * to the search's own customer (a customer search) or to those it was saved with. Compiled now, so a saved search that no longer parses is refused.
 */
export function ruleSearch(
  saved: SavedRow,
  customerIds: readonly string[],
  at: Date,
  periodSeconds: number,
): StoredSearch {
  const search = saved.search as {
    search_term?: string;
    mode?: QueryMode;
    filters?: SearchFilter[];
    source?: string;
  };
  const narrowedTo = saved.customerId ? [saved.customerId] : saved.customerIds;
  const customers =
    narrowedTo.length > 0 ? customerIds.filter((id) => narrowedTo.includes(id)) : [...customerIds];
  // A search kept before saved searches were checked may hold anything: refused, never a 500.
  try {
    const term = search.search_term ?? '';
    const stored: StoredSearch = {
      mode: search.mode ?? detectMode(term),
      search_term: term,
      filters: search.filters ?? [],
      source: search.source ?? null,
      from: new Date(at.getTime() - periodSeconds * 1000).toISOString(),
      to: at.toISOString(),
      customer_ids: customers,
    };
    whereOf(stored);
    return stored;
  } catch {
    throw badRequest('saved_search_id', 'this saved search no longer parses; fix its query first');
  }
}
