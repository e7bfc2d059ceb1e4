import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { selectAllMatching, selectPageSlice } from '../../machines/table/selectors.ts';
import type { TableEvent } from '../../machines/table/table.events.ts';
import { nextSort, pageCount, tableMachine } from '../../machines/table/table.machine.ts';

type Snapshot = SnapshotFrom<typeof tableMachine>;

/** Abstract state: what a person can see (selection order does not matter for equality). */
function serialize(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.sort,
    c.page,
    c.pageSize,
    c.rowCount,
    [...c.selected].sort(),
    c.anchor,
    c.allMatching,
  ]);
}

/** What must hold after every step, whatever the path. */
function checkInvariants(snapshot: Snapshot) {
  const c = snapshot.context;
  expect(c.page).toBeGreaterThanOrEqual(1);
  // Spec 1, section 4.6: the page never lies beyond the filtered rows.
  expect(c.page).toBeLessThanOrEqual(pageCount(c.rowCount, c.pageSize));
  expect(new Set(c.selected).size).toBe(c.selected.length);
  if (snapshot.matches('Unselected')) expect(c.selected).toEqual([]);
  if (snapshot.matches('Selected')) expect(c.selected.length).toBeGreaterThan(0);
  expect(selectAllMatching(snapshot)).toBe(c.allMatching);
  const [start, end] = selectPageSlice(snapshot);
  expect(end - start).toBeLessThanOrEqual(c.pageSize);
}

/** A model over the given sample events only (the graph would add bare events of every other type). */
function model(events: TableEvent[]) {
  const types = new Set(events.map((e) => e.type));
  return createTestModel(tableMachine, {
    events,
    filterEvents: (_: Snapshot, event: TableEvent) => types.has(event.type),
    serializeState: serialize,
    input: { rowCount: 30 },
  });
}

function runPaths(
  paths: ReturnType<ReturnType<typeof createTestModel>['getShortestPaths']>,
  input = { rowCount: 30 },
) {
  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(tableMachine, { input }).start();
      const send = ({ event }: { event: unknown }) => actor.send(event as TableEvent);
      await path.test({
        events: Object.fromEntries(
          [
            'sort',
            'set-page',
            'set-page-size',
            'rows-changed',
            'toggle',
            'extend',
            'toggle-page',
            'select-all-matching',
            'select',
            'clear-selection',
          ].map((type) => [type, send]),
        ),
        states: {
          '*': (state: Snapshot) => {
            const real = actor.getSnapshot();
            expect(real.value).toEqual(state.value);
            // The model merges states that differ only in selection order, so compare sets.
            const normal = (c: Snapshot['context']) => ({ ...c, selected: [...c.selected].sort() });
            expect(normal(real.context)).toEqual(normal(state.context));
            checkInvariants(real);
          },
        },
      });
      actor.stop();
    });
  }
}

describe('table machine, sorting and paging paths generated from the model', () => {
  const events: TableEvent[] = [
    { type: 'sort', column: 'id' },
    { type: 'sort', column: 'title' },
    { type: 'set-page', page: 3 },
    { type: 'set-page', page: 1 },
    { type: 'set-page-size', pageSize: 10 },
    { type: 'set-page-size', pageSize: 100 },
    { type: 'rows-changed', rowCount: 30 },
    { type: 'rows-changed', rowCount: 5 },
  ];
  const paths = model(events).getShortestPaths();

  it('covers every sort step, both page sizes and a page reset', () => {
    const states = paths.flatMap((p) => p.steps.map((s) => s.state as Snapshot));
    expect(states.some((s) => s.context.sort?.direction === 'desc')).toBe(true);
    expect(states.some((s) => s.context.page === 3)).toBe(true);
    expect(states.some((s) => s.context.pageSize === 100)).toBe(true);
    expect(paths.length).toBeGreaterThan(10);
  });
  runPaths(paths);
});

describe('table machine, selection paths generated from the model', () => {
  const events: TableEvent[] = [
    { type: 'toggle', id: 1 },
    { type: 'toggle', id: 2 },
    { type: 'extend', ids: [2, 3] },
    { type: 'toggle-page', ids: [1, 2, 3] },
    { type: 'select-all-matching' },
    { type: 'select', ids: [3] },
    { type: 'select', ids: [] },
    { type: 'clear-selection' },
  ];
  const paths = model(events).getShortestPaths();

  it('reaches all three selection states', () => {
    const states = paths.flatMap((p) => p.steps.map((s) => s.state as Snapshot));
    for (const value of ['Unselected', 'Selected', 'AllMatching'] as const)
      expect(states.some((s) => s.matches(value))).toBe(true);
  });
  runPaths(paths);
});

describe('table machine, scenarios', () => {
  const start = (rowCount = 42) => createActor(tableMachine, { input: { rowCount, pageSize: 10 } }).start();

  it('cycles a column ascending → descending → unsorted, and another column starts ascending', () => {
    expect(nextSort(null, 'id')).toEqual({ column: 'id', direction: 'asc' });
    const actor = start();
    const sort = (column: string) => {
      actor.send({ type: 'sort', column });
      return actor.getSnapshot().context.sort;
    };
    expect(sort('priority')).toEqual({ column: 'priority', direction: 'asc' });
    expect(sort('priority')).toEqual({ column: 'priority', direction: 'desc' });
    expect(sort('priority')).toBeNull();
    expect(sort('priority')).toEqual({ column: 'priority', direction: 'asc' });
    expect(sort('title')).toEqual({ column: 'title', direction: 'asc' });
  });

  it('returns to page 1 when the filtered rows no longer reach the current page', () => {
    const actor = start(42);
    actor.send({ type: 'set-page', page: 5 });
    expect(actor.getSnapshot().context.page).toBe(5);
    actor.send({ type: 'rows-changed', rowCount: 41 });
    expect(actor.getSnapshot().context.page).toBe(5);
    actor.send({ type: 'rows-changed', rowCount: 40 });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('clamps page numbers and starts at page 1 with a new page size', () => {
    const actor = start(42);
    actor.send({ type: 'set-page', page: 99 });
    expect(actor.getSnapshot().context.page).toBe(5);
    actor.send({ type: 'set-page-size', pageSize: 25 });
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, pageSize: 25 });
    expect(selectPageSlice(actor.getSnapshot())).toEqual([0, 25]);
  });

  it('the header checkbox selects the page, then unselects it', () => {
    const actor = start();
    actor.send({ type: 'toggle', id: 7 });
    actor.send({ type: 'toggle-page', ids: [1, 2, 3] });
    expect(actor.getSnapshot().context.selected).toEqual([7, 1, 2, 3]);
    actor.send({ type: 'toggle-page', ids: [1, 2, 3] });
    expect(actor.getSnapshot().context.selected).toEqual([7]);
    expect(actor.getSnapshot().matches('Selected')).toBe(true);
  });

  it('select all matching, then a failed bulk update leaves only the failed rows selected', () => {
    const actor = start();
    actor.send({ type: 'toggle', id: 1 });
    actor.send({ type: 'select-all-matching' });
    expect(actor.getSnapshot().matches('AllMatching')).toBe(true);
    actor.send({ type: 'select', ids: [4, 9] });
    expect(actor.getSnapshot().matches('Selected')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [4, 9], allMatching: false });
    actor.send({ type: 'select', ids: [] });
    expect(actor.getSnapshot().matches('Unselected')).toBe(true);
  });

  it('Shift-extension keeps the anchor of the last toggled row', () => {
    const actor = start();
    actor.send({ type: 'toggle', id: 5 });
    actor.send({ type: 'extend', ids: [5, 6] });
    actor.send({ type: 'extend', ids: [6, 7] });
    expect(actor.getSnapshot().context).toMatchObject({ selected: [5, 6, 7], anchor: 5 });
  });

  it('offers "all matching" only when there are rows', () => {
    const actor = start(0);
    actor.send({ type: 'select-all-matching' });
    expect(actor.getSnapshot().matches('Unselected')).toBe(true);
  });
});
