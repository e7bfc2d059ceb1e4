import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { selectAllMatching } from '../../machines/table/selectors.ts';
import type { TableEvent } from '../../machines/table/table.events.ts';
import { tableMachine } from '../../machines/table/table.machine.ts';

type Snapshot = SnapshotFrom<typeof tableMachine>;

/** Abstract state: what a person can see (selection order does not matter for equality). */
function serialize(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([snapshot.value, c.rowCount, [...c.selected].sort(), c.anchor, c.allMatching]);
}

/** What must hold after every step, whatever the path. */
function checkInvariants(snapshot: Snapshot) {
  const c = snapshot.context;
  expect(new Set(c.selected).size).toBe(c.selected.length);
  if (snapshot.matches('Unselected')) expect(c.selected).toEqual([]);
  if (snapshot.matches('Selected')) expect(c.selected.length).toBeGreaterThan(0);
  expect(selectAllMatching(snapshot)).toBe(c.allMatching);
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
    { type: 'rows-changed', rowCount: 0 },
    { type: 'rows-changed', rowCount: 30 },
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
  const start = (rowCount = 42) => createActor(tableMachine, { input: { rowCount } }).start();

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
