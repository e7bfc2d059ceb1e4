import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { askedAgainWith } from '../api/query.ts';

export interface Paged<T> {
  items: T[];
  status: 'loading' | 'ready' | 'error';
  page: number;
  hasNext: boolean;
  setPage(page: number): void;
  reload(): void;
}

/**
 * The query of one page of a list the server pages by offset and batch_size: an area's query
 * options builder whose `select` picks the items out of the answer.
 */
export type PageQuery<T> = (
  offset: number,
  batchSize: number,
) => { queryKey: QueryKey; select?: (data: never) => T[] };

/**
 * A page of a list the server pages by offset and batch_size (detections, comments, activity),
 * through the one data layer. One more item than shown is asked for, so "next" is offered only
 * when there is more. A new `key` (another alert, a change made on the page) asks again from the
 * first page; `pollMs` reads the page again on that period while it is set.
 */
export function usePaged<T>(
  pageQuery: PageQuery<T>,
  size: number,
  key: string | number,
  pollMs: number | false = false,
): Paged<T> {
  const [page, setPage] = useState(1);
  const [pageKey, setPageKey] = useState(key);
  if (pageKey !== key) {
    setPageKey(key);
    setPage(1);
  }
  const query = useQuery({
    // The builder's own answer type is checked where it is written; here only its items matter.
    ...(askedAgainWith(pageQuery((page - 1) * size, size + 1), key) as UseQueryOptions<
      unknown,
      unknown,
      T[]
    >),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
  const fetched = query.data ?? [];
  return {
    items: fetched.slice(0, size),
    status: query.isError ? 'error' : query.isPending ? 'loading' : 'ready',
    page,
    hasNext: fetched.length > size,
    setPage,
    reload: () => void query.refetch(),
  };
}
