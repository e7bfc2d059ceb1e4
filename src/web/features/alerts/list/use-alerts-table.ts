import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import {
  selectAllMatching,
  selectAnchor,
  selectPage,
  selectPageSize,
  selectSelected,
  selectSort,
} from '../../../../../machines/table/selectors.ts';
import type { PageSize } from '../../../../../machines/table/table.context.ts';
import { pageCount, tableMachine } from '../../../../../machines/table/table.machine.ts';
import type { AlertSummary, CaseFilter } from '../types.ts';
import { buildSearchIndex, inOrder, matchAlerts, parseKeyword, type SearchIndex } from './keyword-filter.ts';
import { sortOrder } from './sort-rows.ts';

export interface ListFilters {
  keyword: string;
  /** Empty: any status. */
  statuses: readonly string[];
  priorities: readonly string[];
  caseFilter: CaseFilter;
}

/**
 * The list's rows as shown: sorted (machines/table), filtered, paged. The search index is built
 * once per loaded row set (extended page by page while loading) and the sort is a row order kept
 * apart from it, so a sort change does not rebuild the index and a keystroke only runs the filter
 * loop (DESIGN section 10: repaint within 50 ms of a keystroke or sort with 100 000 rows).
 * The filter reads deferred values, so typing stays responsive while React catches up.
 */
export function useAlertsTable(
  rows: readonly AlertSummary[],
  filters: ListFilters,
  customerName: (id: string) => string,
  initialPageSize: PageSize,
) {
  // Each part is selected on its own, so telling the machine the row count (every keystroke)
  // re-renders nothing unless the page actually changes.
  const actor = useActorRef(tableMachine, { input: { pageSize: initialPageSize } });
  const send = actor.send;
  const sort = useSelector(actor, selectSort);
  const machinePage = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);
  const selected = useSelector(actor, selectSelected);
  const anchor = useSelector(actor, selectAnchor);
  const allMatching = useSelector(actor, selectAllMatching);

  // The index of the last rendered rows: the next page of a load only adds its own rows to it.
  const lastIndex = useRef<SearchIndex | null>(null);
  const index = useMemo(() => buildSearchIndex(rows, customerName, lastIndex.current), [rows, customerName]);
  useEffect(() => {
    lastIndex.current = index;
  }, [index]);
  const order = useMemo(() => sortOrder(rows, sort, customerName), [rows, sort, customerName]);

  const deferred = useDeferredValue(filters);
  const criteria = useMemo(
    () => ({
      terms: parseKeyword(deferred.keyword),
      statuses: deferred.statuses.length ? new Set(deferred.statuses) : null,
      priorities: deferred.priorities.length ? new Set(deferred.priorities) : null,
      caseFilter: deferred.caseFilter,
    }),
    [deferred],
  );
  // Matching does not depend on the sort: a sort change only puts the matched rows in order.
  const matched = useMemo(() => matchAlerts(index, criteria), [index, criteria]);
  const filtered = useMemo(() => inOrder(index.rows, matched, order), [index, matched, order]);

  useEffect(() => {
    send({ type: 'rows-changed', rowCount: filtered.length });
  }, [filtered.length, send]);

  // Until the machine has heard of the new count, a page beyond the rows shows page 1, as it will.
  const page = machinePage > pageCount(filtered.length, pageSize) ? 1 : machinePage;
  const start = (page - 1) * pageSize;
  const end = Math.min(filtered.length, start + pageSize);
  const pageRows = useMemo(() => filtered.slice(start, end), [filtered, start, end]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  return {
    send,
    actor,
    view: { sort, page, pageSize, selected, anchor, allMatching, start, end },
    filtered,
    /** Positions in `rows` of the filtered rows, in loaded order; the same object across sorts. */
    matched,
    index,
    pageRows,
    selectedSet,
    /** True while the shown rows lag behind the typed filter. */
    stale: deferred !== filters,
    /** The keyword the shown rows were filtered by (it lags the typed one while React catches up). */
    appliedKeyword: deferred.keyword,
  };
}

export type AlertsTable = ReturnType<typeof useAlertsTable>;
