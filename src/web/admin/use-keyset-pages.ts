import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../api/errors.ts';
import type { Page } from './api.ts';

export interface KeysetPages<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  /** More rows after these: `loadMore` fetches the next page. */
  hasMore: boolean;
  error: unknown;
  loadMore(): void;
  reload(): void;
}

/**
 * A keyset-paged list: the first page whenever `key` changes (the filters), then each next page
 * appended on request. An answer to an older key or attempt is dropped.
 */
export function useKeysetPages<T>(key: string, load: (after?: string) => Promise<Page<T>>): KeysetPages<T> {
  const [state, setState] = useState<{
    status: KeysetPages<T>['status'];
    items: T[];
    next: string | null;
    error: unknown;
  }>({ status: 'loading', items: [], next: null, error: null });
  const generation = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const busy = useRef(false);

  const fetchPage = useCallback((after: string | undefined, append: boolean) => {
    const mine = ++generation.current;
    busy.current = true;
    setState((s) => ({ ...s, status: 'loading', error: null, ...(append ? {} : { items: [], next: null }) }));
    latest.current(after).then(
      (page) => {
        if (mine !== generation.current) return;
        busy.current = false;
        setState((s) => ({
          status: 'ready',
          items: append ? [...s.items, ...page.items] : page.items,
          next: page.next,
          error: null,
        }));
      },
      (error: unknown) => {
        if (mine !== generation.current || isAbort(error)) return;
        busy.current = false;
        setState((s) => ({ ...s, status: 'error', error }));
      },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what asks for a fresh first page
  useEffect(() => fetchPage(undefined, false), [key, fetchPage]);

  const next = state.next;
  const loadMore = useCallback(() => {
    if (next && !busy.current) fetchPage(next, true);
  }, [next, fetchPage]);
  const reload = useCallback(() => fetchPage(undefined, false), [fetchPage]);
  return {
    status: state.status,
    items: state.items,
    hasMore: next !== null,
    error: state.error,
    loadMore,
    reload,
  };
}
