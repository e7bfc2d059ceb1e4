import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { selectPage, selectPageSize, selectSort } from '../../../../machines/table/selectors.ts';
import type { PageSize } from '../../../../machines/table/table.context.ts';
import { tableMachine } from '../../../../machines/table/table.machine.ts';

/**
 * Sort and paging of a list the server sorts and pages (machines/table): the sort cycles
 * ascending → descending → unsorted, the page stays within `total` (back to 1 when the rows no
 * longer reach it) and a new page size starts at page 1. `setTotal` tells it how many rows the
 * server has; `restart` goes back to page 1 (a new filter).
 */
export function useTablePaging(initialPageSize: PageSize) {
  const actor = useActorRef(tableMachine, { input: { pageSize: initialPageSize } });
  const { send } = actor;
  const sort = useSelector(actor, selectSort);
  const page = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);

  const setTotal = useCallback((total: number) => send({ type: 'rows-changed', rowCount: total }), [send]);
  const restart = useCallback(() => send({ type: 'set-page', page: 1 }), [send]);
  const onSort = useCallback((column: string) => send({ type: 'sort', column }), [send]);
  const onPage = useCallback((next: number) => send({ type: 'set-page', page: next }), [send]);
  const onPageSize = useCallback((size: PageSize) => send({ type: 'set-page-size', pageSize: size }), [send]);
  return {
    sort,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    onSort,
    onPage,
    onPageSize,
    setTotal,
    restart,
  };
}
