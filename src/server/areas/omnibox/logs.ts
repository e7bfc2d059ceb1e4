import { sql } from 'drizzle-orm';
import { savedSearches } from '../../db/schema/index.ts';
import { type Category, PER_CATEGORY } from './item.ts';
import { like, rank } from './rank.ts';

/**
 * Logs: the saved searches the caller may see (row-level security applies their scopes), by
 * name. Choosing one opens the search screen on its query and source.
 */
export const logsCategory: Category = {
  query(_customerIds, terms) {
    const order = rank([savedSearches.name], terms);
    return sql`select ${savedSearches.id}::text as key, ${savedSearches.name} as name,
        ${savedSearches.search} ->> 'search_term' as detail, ${savedSearches.search} ->> 'source' as status,
        null::text as priority, ${order} as rank, lower(${savedSearches.name}) as sort_name,
        ${savedSearches.updatedAt} as sort_time, null::bigint as sort_id
      from ${savedSearches}
      where ${like(savedSearches.name, terms.match)}
      order by ${order}, lower(${savedSearches.name})
      limit ${PER_CATEGORY}`;
  },
  present: (s) => {
    const query = new URLSearchParams({ query: s.detail ?? '' });
    if (s.status) query.set('source', s.status);
    return {
      id: `saved-search:${s.key}`,
      value: s.key,
      label: s.name,
      icon: 'search',
      url: `/search?${query}`,
      category: 'logs',
    };
  },
};
