import { assign, setup } from 'xstate';
import type { TableContext, TableInput } from './table.context.ts';
import type { TableEvent } from './table.events.ts';

const union = (a: readonly number[], b: readonly number[]) => {
  const seen = new Set(a);
  return [...a, ...b.filter((id) => !seen.has(id))];
};

/**
 * A list's bulk selection (spec 1, section 4.6), for any rows with numeric ids; the list kit
 * (components/list) holds the sort and the page. The states say what is selected: `Unselected`,
 * `Selected` (some rows, by id) or `AllMatching` (every row that passes the filters, also those
 * not on this page). Sorting and filtering never
 * drop a selection; only clear-selection does, or replacing it.
 */
export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
    input: {} as TableInput | undefined,
  },
  actions: {
    rowsChanged: assign(({ event }) => (event.type === 'rows-changed' ? { rowCount: event.rowCount } : {})),
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
    rowCount: input?.rowCount ?? 0,
    selected: [],
    anchor: null,
    allMatching: false,
  }),
  on: {
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
