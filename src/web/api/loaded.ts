import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A query as a screen shows it: `loading` while there is no answer yet (a first load, or a retry
 * after an error), `ready` with its answer (a refresh in the background keeps it shown), `error`,
 * or `idle` while the query waits for what it needs (disabled).
 */
export interface Loaded<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  /** Asks again now (a retry button, a change the screen made). */
  reload(): void;
}

/** The states a loaded list or report shows (components/table/LoadedContent.tsx). */
export type LoadState = Pick<Loaded<unknown>, 'status' | 'error' | 'reload'>;

/** The screen's view of a query (see Loaded). */
export function asLoaded<T>(query: UseQueryResult<T, unknown>): Loaded<T> {
  const status: Loaded<T>['status'] =
    query.isFetching && query.status !== 'success'
      ? 'loading'
      : query.status === 'error'
        ? 'error'
        : query.status === 'success'
          ? 'ready'
          : 'idle';
  return {
    status,
    data: status === 'ready' ? (query.data as T) : null,
    error: status === 'error' ? query.error : null,
    reload: () => void query.refetch(),
  };
}
