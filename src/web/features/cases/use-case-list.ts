import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../api/errors.ts';
import { type CaseFilter, type CaseSummary, listCases } from './api.ts';

export interface CaseListState {
  status: 'loading' | 'ready' | 'error';
  cases: CaseSummary[];
  /** Another page exists. */
  hasMore: boolean;
  loadingMore: boolean;
}

const INITIAL: CaseListState = { status: 'loading', cases: [], hasMore: false, loadingMore: false };

/**
 * Cases matching the filter, a page at a time: the first page on every filter change (an older
 * request is aborted), then 'load more' with the search_after cursor. `onError` hears each failure.
 */
export function useCaseList(filter: CaseFilter | null, batchSize: number, onError: () => void) {
  const [state, setState] = useState<CaseListState>(INITIAL);
  const cursor = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latestError = useRef(onError);
  latestError.current = onError;
  const key = filter ? JSON.stringify(filter) : null;
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter; generation reloads
  useEffect(() => {
    if (!filter) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((s) => ({ ...s, status: 'loading', loadingMore: false }));
    listCases(filter, batchSize, null, abort.signal)
      .then((page) => {
        if (abort.signal.aborted) return;
        cursor.current = page.searchAfter;
        setState({
          status: 'ready',
          cases: page.cases,
          hasMore: page.searchAfter !== null,
          loadingMore: false,
        });
      })
      .catch((error: unknown) => {
        if (isAbort(error) || abort.signal.aborted) return;
        setState({ ...INITIAL, status: 'error' });
        latestError.current();
      });
    return () => abort.abort();
  }, [key, batchSize, generation]);

  const loadMore = useCallback(() => {
    if (!filter || cursor.current === null) return;
    const abort = controller.current;
    setState((s) => ({ ...s, loadingMore: true }));
    listCases(filter, batchSize, cursor.current, abort?.signal)
      .then((page) => {
        if (abort?.signal.aborted) return;
        cursor.current = page.searchAfter;
        setState((s) => {
          // A case updated meanwhile may come again; keep its first place.
          const seen = new Set(s.cases.map((c) => c.id));
          const fresh = page.cases.filter((c) => !seen.has(c.id));
          return {
            ...s,
            cases: [...s.cases, ...fresh],
            hasMore: page.searchAfter !== null,
            loadingMore: false,
          };
        });
      })
      .catch((error: unknown) => {
        if (isAbort(error) || abort?.signal.aborted) return;
        setState((s) => ({ ...s, loadingMore: false }));
        latestError.current();
      });
  }, [filter, batchSize]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, loadMore, reload };
}
