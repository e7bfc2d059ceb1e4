import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../api/errors.ts';
import { type CaseFilter, type CasePageRequest, type CaseSummary, listCases } from './api.ts';

export interface CaseListState {
  status: 'loading' | 'ready' | 'error';
  /** The current page's cases; the last page shown stays while the next one loads. */
  cases: CaseSummary[];
  /** Cases matching the filter on every page; null until the first answer. */
  total: number | null;
  /** Why the last load failed, while status is 'error'. */
  error: unknown;
}

const INITIAL: CaseListState = { status: 'loading', cases: [], total: null, error: null };

/**
 * One numbered page of the cases matching the filter, in the requested order: asked again on
 * every change of filter, sort, page or page size (an older request is aborted), showing nothing
 * (the list's placeholders) until it comes. `reload` asks again in the background, keeping the
 * page shown. `onError` hears each failure.
 */
export function useCaseList(
  filter: CaseFilter | null,
  request: CasePageRequest,
  onError: (error: unknown) => void,
) {
  const [state, setState] = useState<CaseListState>(INITIAL);
  const latestError = useRef(onError);
  latestError.current = onError;
  const key = filter ? JSON.stringify([filter, request]) : null;
  const [generation, setGeneration] = useState(0);
  /** The request the cases shown answered: asking it again keeps them shown meanwhile. */
  const shownKey = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter and request; generation reloads
  useEffect(() => {
    if (!filter) return;
    const abort = new AbortController();
    if (shownKey.current !== key) setState((s) => ({ ...s, status: 'loading', error: null }));
    listCases(filter, request, abort.signal)
      .then((page) => {
        if (abort.signal.aborted) return;
        shownKey.current = key;
        setState({ status: 'ready', cases: page.cases, total: page.total, error: null });
      })
      .catch((error: unknown) => {
        if (isAbort(error) || abort.signal.aborted) return;
        shownKey.current = null;
        setState((s) => ({ ...s, status: 'error', cases: [], error }));
        latestError.current(error);
      });
    return () => abort.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
