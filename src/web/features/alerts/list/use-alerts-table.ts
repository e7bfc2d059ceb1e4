import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { selectAllMatching, selectAnchor, selectSelected } from '../../../../../machines/table/selectors.ts';
import { tableMachine } from '../../../../../machines/table/table.machine.ts';
import type { SortState } from '../../../components/list/sort-paging.ts';
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
 * The list's rows as shown: filtered and in the sort's order (the list kit's controls hold the
 * sort and the page), and the bulk selection (machines/table: rows by id across pages, or "all N
 * matching"). The search index is built once per loaded row set (extended page by page while
 * loading) and the sort is a row order kept apart from it, so a sort change does not rebuild the
 * index and a keystroke only runs the filter loop (DESIGN section 10: repaint within 50 ms of a
 * keystroke or sort with 100 000 rows). The filter reads deferred values, so typing stays
 * responsive while React catches up.
 */
export function useAlertsTable(
  rows: readonly AlertSummary[],
  filters: ListFilters,
  customerName: (id: string) => string,
  sort: SortState | null,
) {
  // Each part is selected on its own, so telling the machine the row count (every keystroke)
  // re-renders nothing unless the selection changes.
  const actor = useActorRef(tableMachine, { input: {} });
  const send = actor.send;
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

  const selectedSet = useMemo(() => new Set(selected), [selected]);

  return {
    send,
    actor,
    view: { selected, anchor, allMatching },
    filtered,
    /** Positions in `rows` of the filtered rows, in loaded order; the same object across sorts. */
    matched,
    index,
    selectedSet,
    /** True while the shown rows lag behind the typed filter. */
    stale: deferred !== filters,
    /** The keyword the shown rows were filtered by (it lags the typed one while React catches up). */
    appliedKeyword: deferred.keyword,
  };
}

export type AlertsTable = ReturnType<typeof useAlertsTable>;
