import { type ReactNode, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ActivePageContext } from './active-page.ts';
import { touch } from './lru.ts';
import type { MatchedRoute } from './route-match.ts';
import { useCurrentRoute } from './use-current-route.ts';

/** One visited page: its address (the cache key) and its route. */
export interface CachedPage extends MatchedRoute {
  key: string;
}

/**
 * The main area's page cache (spec 1, section 2.2): the last 10 visited addresses stay mounted,
 * hidden, so going back to one shows it as it was left (filters, selection, scroll state of
 * inner lists). Hidden pages see useIsActivePage() === false.
 */
export function PageCache({ render }: { render: (page: CachedPage) => ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const route = useCurrentRoute();
  // A page that keeps its filters in the query stays the same page when they change.
  const key = search && !route.entry?.filtersInQuery ? `${location}?${search}` : location;
  const [pages, setPages] = useState<CachedPage[]>([]);

  // Derived during render (React's "adjust state on prop change" pattern), so the new page
  // shows in the same commit as the address change.
  if (pages.at(-1)?.key !== key) {
    setPages((current) => touch(current, { key, ...route }));
  }

  return (
    <>
      {pages.map((page) => (
        <ActivePageContext.Provider key={page.key} value={page.key === key}>
          <div className="page" hidden={page.key !== key} data-page={page.key}>
            {render(page)}
          </div>
        </ActivePageContext.Provider>
      ))}
    </>
  );
}
