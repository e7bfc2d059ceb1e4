import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../session/use-session.ts';
import type { ListPaging } from './list-types.ts';
import { DEFAULT_PAGE_SIZE, nextSort, type PageSize, pageCount, type SortState } from './sort-paging.ts';

/**
 * A list's sort and paging (spec 1, sections 4.6 and 9): every column cycles ascending →
 * descending → unsorted; the page size is 10, 25, 50 or 100, first the user's
 * `default_page_size`; a new sort, page size or filter starts again at page 1. For a list the
 * server pages by cursor, `after` is the cursor of the page shown and `nextPage(cursor)` turns
 * to the one after it (previous pages keep theirs, so going back asks for the same page again).
 */
export function useListControls(options: { initialSort?: SortState | null } = {}) {
  const { attributes } = useSession();
  const [sort, setSort] = useState<SortState | null>(options.initialSort ?? null);
  const [pageSize, setPageSizeState] = useState<PageSize>(attributes.default_page_size ?? DEFAULT_PAGE_SIZE);
  const [page, setPageState] = useState(1);
  /** The cursor each page up to the current one was asked with (null: the first page). */
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null]);

  const restart = useCallback(() => {
    setPageState(1);
    setCursors([null]);
  }, []);
  const onSort = useCallback(
    (column: string) => {
      setSort((current) => nextSort(current, column));
      restart();
    },
    [restart],
  );
  const setPageSize = useCallback(
    (size: PageSize) => {
      setPageSizeState(size);
      restart();
    },
    [restart],
  );
  const setPage = useCallback((next: number) => setPageState(Math.max(1, Math.trunc(next))), []);
  const nextPage = useCallback(
    (cursor: string) => {
      setCursors((current) => [...current.slice(0, page), cursor]);
      setPageState(page + 1);
    },
    [page],
  );
  const after = cursors[page - 1] ?? undefined;
  return useMemo(
    () => ({ sort, onSort, page, setPage, pageSize, setPageSize, after, nextPage, restart }),
    [sort, onSort, page, setPage, pageSize, setPageSize, after, nextPage, restart],
  );
}

export type ListControls = ReturnType<typeof useListControls>;

/**
 * j on a page's last row or k on its first (useList's `onEdge`): the next or previous page, when
 * there is one; true when it turned.
 */
export function turnPage(controls: ListControls, paging: ListPaging, step: 1 | -1): boolean {
  const { page, pageSize, setPage, nextPage } = controls;
  if (step === -1) {
    if (page <= 1) return false;
    setPage(page - 1);
    return true;
  }
  if (paging.kind === 'keyset') {
    if (paging.next === null) return false;
    nextPage(paging.next);
    return true;
  }
  if (page * pageSize >= paging.total) return false;
  setPage(page + 1);
  return true;
}

/**
 * A list paged by the server: back to page 1 when its matches (`total`, null before the first
 * answer) no longer reach the page shown (spec 1, section 4.6).
 */
export function useKeepPageInReach(controls: ListControls, total: number | null): void {
  const { page, pageSize, setPage } = controls;
  const outOfReach = total !== null && page > pageCount(total, pageSize);
  useEffect(() => {
    if (outOfReach) setPage(1);
  }, [outOfReach, setPage]);
}
