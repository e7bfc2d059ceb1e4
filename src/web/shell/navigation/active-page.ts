import { createContext, useCallback, useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import { titleCount } from './title.ts';

/** False inside a cached page that is kept mounted but hidden. */
export const ActivePageContext = createContext(true);

/** The address of the cached page the caller is in (null outside the page cache). */
export const PageKeyContext = createContext<string | null>(null);

/** Gives a cached page a new address without remounting it (the page cache's own move). */
export const MovePageContext = createContext<((from: string, to: string) => void) | null>(null);

/**
 * Replaces the address of the calling page (no new history entry) and keeps the page as it is:
 * the page cache files it under the new address instead of mounting a new page there. For a
 * screen whose address follows what it shows (a new search's id); Back then leaves the screen.
 */
export function useReplacePageAddress(): (to: string) => void {
  const key = useContext(PageKeyContext);
  const move = useContext(MovePageContext);
  const [, navigate] = useLocation();
  return useCallback(
    (to: string) => {
      if (move && key !== null) move(key, to);
      else navigate(to, { replace: true });
    },
    [move, key, navigate],
  );
}

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
