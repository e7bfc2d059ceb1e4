import { createContext, useContext, useEffect } from 'react';
import { titleCount } from './title.ts';

/** False inside a cached page that is kept mounted but hidden. */
export const ActivePageContext = createContext(true);

/** Whether the calling page is the one on screen (cached pages stay mounted, hidden). */
export function useIsActivePage(): boolean {
  return useContext(ActivePageContext);
}

/**
 * Puts a count in brackets before the tab title while the calling page is on screen, e.g.
 * `(12) Alerts | Watchfloor`. Pass null or undefined for no count.
 */
export function useTitleCount(count: number | null | undefined) {
  const active = useIsActivePage();
  useEffect(() => {
    if (!active || count === null || count === undefined) return;
    titleCount.set(count);
    return () => titleCount.set(null);
  }, [active, count]);
}
