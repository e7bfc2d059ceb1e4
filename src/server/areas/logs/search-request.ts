import type { components } from '../../../api/schema.d.ts';
import { badRequest } from '../../errors.ts';
import type { SearchFilter } from './filters.ts';
import { DEFAULT_RANGE_SECONDS, resolvePeriod } from './period.ts';
import { detectMode } from './query.ts';
import { type StoredSearch, whereOf } from './search.ts';
import { findSource } from './sources.ts';

type SearchQuery = components['schemas']['SearchQuery'];
type SearchPeriod = components['schemas']['SearchPeriod'];

/**
 * A search as it will be kept and run, checked completely now: its source, its period and every
 * term and filter compiled, so a value a field cannot hold is a 400 naming the field here rather
 * than a job that fails later. Saved searches go through the same check.
 */
export function checkedSearch(
  query: SearchQuery,
  period: SearchPeriod | null | undefined,
  customerIds: string[],
): StoredSearch {
  const term = query.search_term ?? '';
  const source = query.source ?? null;
  if (source && !findSource(source)) throw badRequest('search.source', 'is not a known source');
  const resolved = resolvePeriod(period ?? undefined);
  const absolute = period?.from !== undefined || period?.to !== undefined;
  const stored: StoredSearch = {
    mode: query.mode ?? detectMode(term),
    search_term: term,
    filters: (query.filters ?? []) as SearchFilter[],
    source,
    from: resolved.from?.toISOString() ?? null,
    to: resolved.to.toISOString(),
    customer_ids: customerIds,
    range_seconds: absolute ? null : Math.max(0, period?.range ?? DEFAULT_RANGE_SECONDS),
  };
  whereOf(stored);
  return stored;
}
