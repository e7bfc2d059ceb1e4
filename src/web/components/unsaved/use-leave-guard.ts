import { useEffect, useRef } from 'react';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Set while a confirmed navigation runs, so the guard lets it through. */
let bypassing = false;
/** Counts confirmed navigations, so a guard can tell a confirmed leave from an unasked one. */
let confirmations = 0;

/** Navigates without asking again: the user has already confirmed leaving. */
export function navigateAnyway(navigate: Navigate, to: string, replace: boolean) {
  confirmations++;
  bypassing = true;
  try {
    navigate(to, { replace });
  } finally {
    bypassing = false;
  }
}

const address = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Asks before leaving a page with unsaved changes (spec 2, section 4). wouter has no blocking
 * API and the shell's router is not ours to wrap, so while `enabled` this guard sits where every
 * navigation passes:
 * - history.pushState/replaceState, which wouter's navigate (links, sidebar, command palette)
 *   calls: a move to another path is held back and reported instead;
 * - popstate (back and forward): the address is put back at once, and a confirmed leave replaces
 *   it again, so the history stays as the user left it. The router hears popstate first and hides
 *   this page, which ends this guard before its own listener runs; so the end of the guard also
 *   checks for a move off the path that nobody confirmed, and undoes it the same way;
 * - beforeunload (reload, closing the tab, links out of the console): the browser asks.
 * Changes of the query or hash on the same path pass, they do not leave the page.
 */
export function useLeaveGuard(enabled: boolean, onLeaveRequested: (to: string, replace: boolean) => void) {
  const latest = useRef(onLeaveRequested);
  latest.current = onLeaveRequested;

  useEffect(() => {
    if (!enabled) return;
    const here = address();
    const herePath = location.pathname;
    const confirmedBefore = confirmations;
    const originalPush = history.pushState;
    const originalReplace = history.replaceState;

    const guarded = (original: History['pushState'], replace: boolean): History['pushState'] =>
      function (this: History, data, unused, url) {
        if (bypassing || url === undefined || url === null) return original.call(this, data, unused, url);
        const target = new URL(String(url), location.href);
        if (target.origin !== location.origin || target.pathname === herePath) {
          return original.call(this, data, unused, url);
        }
        latest.current(`${target.pathname}${target.search}${target.hash}`, replace);
      };
    const push = guarded(originalPush, false);
    const replace = guarded(originalReplace, true);
    history.pushState = push;
    history.replaceState = replace;

    /** Puts this page's address back over a back/forward move and asks about the move. */
    const undoMove = () => {
      if (bypassing || confirmations !== confirmedBefore || location.pathname === herePath) return;
      const to = address();
      originalReplace.call(history, history.state, '', here);
      latest.current(to, true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('popstate', undoMove);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (history.pushState === push) history.pushState = originalPush;
      if (history.replaceState === replace) history.replaceState = originalReplace;
      window.removeEventListener('popstate', undoMove);
      window.removeEventListener('beforeunload', onBeforeUnload);
      undoMove();
    };
  }, [enabled]);
}
