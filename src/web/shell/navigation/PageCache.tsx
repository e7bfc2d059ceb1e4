import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ActivePageContext, MovePageContext, PageKeyContext } from './active-page.ts';
import { rekey, touch } from './lru.ts';
import type { MatchedRoute } from './route-match.ts';
import { useCurrentRoute } from './use-current-route.ts';

/** One visited page: its address (the cache key), its route, and its identity in React. */
export interface CachedPage extends MatchedRoute {
  key: string;
  /** Its identity in React: it stays when the page moves to another address (useReplacePageAddress). */
  id: string;
}

/**
 * The main area's page cache (spec 1, section 2.2): the last 10 visited addresses stay mounted,
 * hidden, so going back to one shows it as it was left (filters, selection, scroll state of
 * inner lists). Hidden pages see useIsActivePage() === false. A page that replaces its own
 * address (useReplacePageAddress) is filed under the new one, not mounted afresh.
 */
export function PageCache({ render }: { render: (page: CachedPage) => ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const route = useCurrentRoute();
  // A page that keeps its filters in the query stays the same page when they change.
  const key = search && !route.entry?.filtersInQuery ? `${location}?${search}` : location;
  const [pages, setPages] = useState<CachedPage[]>([]);
  // A page's own move to a new address, until that address is shown.
  const moving = useRef<{ from: string; to: string } | null>(null);
  // Pages mounted so far: each page's React identity, unique even when an address comes back.
  const mounted = useRef(0);
  const move = useCallback(
    (from: string, to: string) => {
      moving.current = { from, to };
      navigate(to, { replace: true });
    },
    [navigate],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move is spent once its address shows
  useEffect(() => {
    moving.current = null;
  }, [key]);

  // Derived during render (React's "adjust state on prop change" pattern), so the new page
  // shows in the same commit as the address change.
  const last = pages.at(-1);
  if (last?.key !== key) {
    const own = moving.current;
    setPages((current) => {
      if (own && own.to === key && last?.key === own.from) return rekey(current, own.from, { key, ...route });
      const id = current.find((page) => page.key === key)?.id ?? `page-${++mounted.current}`;
      return touch(current, { key, id, ...route });
    });
  }

  return (
    <MovePageContext.Provider value={move}>
      {pages.map((page) => (
        <ActivePageContext.Provider key={page.id} value={page.key === key}>
          <PageKeyContext.Provider value={page.key}>
            <div className="page" hidden={page.key !== key} data-page={page.key}>
              {render(page)}
            </div>
          </PageKeyContext.Provider>
        </ActivePageContext.Provider>
      ))}
    </MovePageContext.Provider>
  );
}
