import { describe, expect, it } from 'vitest';
import { coveringPaths } from '../helpers/machine-model.ts';

/** A path as xstate/graph gives it: each step the event taken and the state reached. */
const path = (...steps: [string, string, number?][]) => ({
  steps: steps.map(([event, value, rows = 1]) => ({
    event: { type: event },
    state: { value, context: { rows } },
  })),
});

const transitions = (paths: ReturnType<typeof path>[], detail = (_: unknown) => '') =>
  new Set(
    paths.flatMap((p) =>
      p.steps.map((step, i) => {
        const from = p.steps[i - 1];
        return `${from ? `${from.state.value}${detail(from.state.context)}` : 'start'} ${step.event.type} ${step.state.value}${detail(step.state.context)}`;
      }),
    ),
  );

describe('coveringPaths', () => {
  const paths = [
    path(['load', 'Ready'], ['edit', 'Editing']),
    path(['load', 'Ready'], ['edit', 'Editing'], ['save', 'Saving']),
    // The same move as the first path's, to a form of two rows.
    path(['load', 'Ready'], ['edit', 'Editing', 2]),
    path(['load', 'Ready'], ['edit', 'Editing'], ['save', 'Saving'], ['saved', 'Ready']),
    path(['fail', 'Failed']),
  ];

  it('keeps paths until every transition of the given ones is taken, and no more', () => {
    const chosen = coveringPaths(paths);
    expect(transitions(chosen)).toEqual(transitions(paths));
    // Without a detail the two-row form is the same transition: the longest path and the failure do.
    expect(chosen).toEqual([paths[3], paths[4]]);
  });

  it('tells transitions apart by the detail too', () => {
    const rows = (context: unknown) => ` ${(context as { rows: number }).rows} rows`;
    const chosen = coveringPaths(paths, (state) => rows(state.context));
    expect(transitions(chosen, rows)).toEqual(transitions(paths, rows));
    expect(chosen).toEqual([paths[3], paths[2], paths[4]]);
  });
});
