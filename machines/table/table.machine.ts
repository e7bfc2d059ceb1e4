import { assign, setup } from 'xstate';
import { DEFAULT_PAGE_SIZE, type SortState, type TableContext, type TableInput } from './table.context.ts';
import type { TableEvent } from './table.events.ts';

/** Spec 1, section 4.6: ascending → descending → unsorted; another column starts ascending. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/** The number of pages the rows fill; at least 1. */
export function pageCount(rowCount: number, pageSize: TableContext['pageSize']): number {
  return Math.max(1, Math.ceil(rowCount / pageSize));
}

/** Spec 1, section 4.6: the page returns to 1 when the filtered rows no longer reach it. */
function pageWithin(page: number, rowCount: number, pageSize: TableContext['pageSize']): number {
  return page > pageCount(rowCount, pageSize) ? 1 : page;
}

const union = (a: readonly number[], b: readonly number[]) => {
  const seen = new Set(a);
  return [...a, ...b.filter((id) => !seen.has(id))];
};

/**
 * A table's sort, paging and selection (spec 1, section 4.6), for any rows with numeric ids. The
 * states say what is selected: `Unselected`, `Selected` (some rows, by id) or `AllMatching`
 * (every row that passes the filters, also those not on this page). Sorting and filtering never
 * drop a selection; only clear-selection does, or replacing it.
 */
export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
    input: {} as TableInput | undefined,
  },
  actions: {
    sort: assign(({ context, event }) =>
      event.type === 'sort' ? { sort: nextSort(context.sort, event.column) } : {},
    ),
    setPage: assign(({ context, event }) => {
      if (event.type !== 'set-page') return {};
      const last = pageCount(context.rowCount, context.pageSize);
      return { page: Math.min(last, Math.max(1, Math.trunc(event.page))) };
    }),
    setPageSize: assign(({ event }) =>
      event.type === 'set-page-size' ? { pageSize: event.pageSize, page: 1 } : {},
    ),
    rowsChanged: assign(({ context, event }) => {
      if (event.type !== 'rows-changed') return {};
      return { rowCount: event.rowCount, page: pageWithin(context.page, event.rowCount, context.pageSize) };
    }),
    toggle: assign(({ context, event }) => {
      if (event.type !== 'toggle') return {};
      const selected = context.selected.includes(event.id)
        ? context.selected.filter((id) => id !== event.id)
        : [...context.selected, event.id];
      return { selected, anchor: event.id, allMatching: false };
    }),
    extend: assign(({ context, event }) => {
      if (event.type !== 'extend') return {};
      return { selected: union(context.selected, event.ids), anchor: context.anchor ?? event.ids[0] ?? null };
    }),
    togglePage: assign(({ context, event }) => {
      if (event.type !== 'toggle-page') return {};
      const all = event.ids.length > 0 && event.ids.every((id) => context.selected.includes(id));
      const page = new Set(event.ids);
      const selected = all
        ? context.selected.filter((id) => !page.has(id))
        : union(context.selected, event.ids);
      return { selected, allMatching: false };
    }),
    replace: assign(({ event }) =>
      event.type === 'select' ? { selected: [...event.ids], allMatching: false } : {},
    ),
    selectAllMatching: assign({ allMatching: true }),
    clear: assign({ selected: [], anchor: null, allMatching: false }),
  },
  guards: {
    emptyAfterToggle: ({ context, event }) =>
      event.type === 'toggle' && context.selected.length === 1 && context.selected[0] === event.id,
    emptyAfterPageToggle: ({ context, event }) => {
      if (event.type !== 'toggle-page' || event.ids.length === 0) return false;
      const page = new Set(event.ids);
      const allIn = event.ids.every((id) => context.selected.includes(id));
      return allIn && context.selected.every((id) => page.has(id));
    },
    hasIds: ({ event }) =>
      (event.type === 'extend' || event.type === 'toggle-page' || event.type === 'select') &&
      event.ids.length > 0,
    hasRows: ({ context }) => context.rowCount > 0,
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => ({
    sort: null,
    page: 1,
    pageSize: input?.pageSize ?? DEFAULT_PAGE_SIZE,
    rowCount: input?.rowCount ?? 0,
    selected: [],
    anchor: null,
    allMatching: false,
  }),
  on: {
    sort: { actions: 'sort' },
    'set-page': { actions: 'setPage' },
    'set-page-size': { actions: 'setPageSize' },
    'rows-changed': { actions: 'rowsChanged' },
  },
  initial: 'Unselected',
  states: {
    Unselected: {
      on: {
        toggle: { target: 'Selected', actions: 'toggle' },
        extend: { guard: 'hasIds', target: 'Selected', actions: 'extend' },
        'toggle-page': { guard: 'hasIds', target: 'Selected', actions: 'togglePage' },
        select: { guard: 'hasIds', target: 'Selected', actions: 'replace' },
        'select-all-matching': { guard: 'hasRows', target: 'AllMatching', actions: 'selectAllMatching' },
      },
    },
    Selected: {
      on: {
        toggle: [
          { guard: 'emptyAfterToggle', target: 'Unselected', actions: 'clear' },
          { actions: 'toggle' },
        ],
        extend: { actions: 'extend' },
        'toggle-page': [
          { guard: 'emptyAfterPageToggle', target: 'Unselected', actions: 'clear' },
          { actions: 'togglePage' },
        ],
        select: [
          { guard: 'hasIds', actions: 'replace' },
          { target: 'Unselected', actions: 'clear' },
        ],
        'select-all-matching': { guard: 'hasRows', target: 'AllMatching', actions: 'selectAllMatching' },
        'clear-selection': { target: 'Unselected', actions: 'clear' },
      },
    },
    AllMatching: {
      on: {
        // Toggling one row leaves "all matching" for an explicit selection of the ids seen so far.
        toggle: [
          { guard: 'emptyAfterToggle', target: 'Unselected', actions: 'clear' },
          { target: 'Selected', actions: 'toggle' },
        ],
        'toggle-page': { target: 'Unselected', actions: 'clear' },
        select: [
          { guard: 'hasIds', target: 'Selected', actions: 'replace' },
          { target: 'Unselected', actions: 'clear' },
        ],
        'clear-selection': { target: 'Unselected', actions: 'clear' },
      },
    },
  },
});
