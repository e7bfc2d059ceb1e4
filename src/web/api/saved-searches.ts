import type { components } from '../../api/schema.d.ts';
import { $api } from './query.ts';

/**
 * The caller's saved searches: the logs area keeps them, and a report lists one (its saved-search
 * section), so the read is shared here; the logs area re-exports it from its api.ts.
 */

export type SavedSearch = components['schemas']['SavedSearch'];

/** listSavedSearches: the caller's saved searches. */
export const listSavedSearches = () =>
  $api.queryOptions('get', '/api/search/v1/saved/', {}, { select: (data): SavedSearch[] => data.saved });
