import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { DEFAULT_INTERVAL_MS } from '../../machines/ticker/interval.context.ts';
import type { IntervalEvent } from '../../machines/ticker/interval.events.ts';
import { intervalMachine } from '../../machines/ticker/interval.machine.ts';
import type { TickerInput } from '../../machines/ticker/ticker.context.ts';
import { tickerMachine } from '../../machines/ticker/ticker.machine.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function startTicker(input?: TickerInput) {
  const calls = { tick: 0, refresh: 0, reload: 0 };
  const actor = createActor(
    tickerMachine.provide({
      actions: {
        tick: () => void calls.tick++,
        refresh: () => void calls.refresh++,
        reload: () => void calls.reload++,
      },
    }),
    { input },
  );
  actor.start();
  return { actor, calls };
}

describe('ticker machine, paths generated from the model', () => {
  // Small cycles keep the graph small: refresh every 2 ticks, reload every 3 (cycle of 6).
  const input = { secondMs: 1000, refreshEvery: 2, reloadEvery: 3 };
  const model = createTestModel(tickerMachine, { input });
  const paths = [
    ...new Map(
      [...model.getShortestPaths(), ...model.getSimplePaths()].map((p) => [p.description, p]),
    ).values(),
  ];

  it('covers every state of the model', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((s) => JSON.stringify([s.state.value, s.state.context.elapsed]))),
    );
    // Stopped, and Running at each of the 6 positions of the cycle.
    expect(reached.size).toBe(7);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls } = startTicker(input);
      const expected = { tick: 0, refresh: 0, reload: 0 };
      await path.test({
        events: {
          'user-present': () => actor.send({ type: 'user-present' }),
          'user-gone': () => actor.send({ type: 'user-gone' }),
          'refresh-now': () => {
            expected.refresh++;
            actor.send({ type: 'refresh-now' });
          },
          // The passing of one clock tick: the real timer fires.
          'second-elapsed': ({ state }) => {
            expected.tick++;
            if (state.context.elapsed % input.refreshEvery === 0) expected.refresh++;
            if (state.context.elapsed % input.reloadEvery === 0) expected.reload++;
            vi.advanceTimersByTime(input.secondMs);
          },
        },
        states: {
          '*': (state: SnapshotFrom<typeof tickerMachine>) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toEqual(state.value);
            expect(snapshot.context).toEqual(state.context);
            expect(calls).toEqual(expected);
          },
        },
      });
      actor.stop();
    });
  }
});

describe('ticker machine, scenarios', () => {
  it('does nothing until a user is present', () => {
    const { actor, calls } = startTicker();
    vi.advanceTimersByTime(10 * 60_000);
    expect(calls).toEqual({ tick: 0, refresh: 0, reload: 0 });
    expect(actor.getSnapshot().value).toBe('Stopped');
  });

  it('refreshes timestamps every 1000 ms, refreshes every 60 s and reloads every 5 minutes', () => {
    const { actor, calls } = startTicker();
    actor.send({ type: 'user-present' });
    vi.advanceTimersByTime(999);
    expect(calls.tick).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.tick).toBe(1);
    vi.advanceTimersByTime(59_000);
    expect(calls).toEqual({ tick: 60, refresh: 1, reload: 0 });
    vi.advanceTimersByTime(240_000);
    expect(calls).toEqual({ tick: 300, refresh: 5, reload: 1 });
    vi.advanceTimersByTime(300_000);
    expect(calls).toEqual({ tick: 600, refresh: 10, reload: 2 });
  });

  it('stops when the user goes and starts a fresh cycle when one returns', () => {
    const { actor, calls } = startTicker();
    actor.send({ type: 'user-present' });
    vi.advanceTimersByTime(45_000);
    actor.send({ type: 'user-gone' });
    vi.advanceTimersByTime(120_000);
    expect(calls).toEqual({ tick: 45, refresh: 0, reload: 0 });
    actor.send({ type: 'user-present' });
    vi.advanceTimersByTime(59_999);
    expect(calls.refresh).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.refresh).toBe(1);
  });

  it('refresh-now refreshes at once without moving the timers', () => {
    const { actor, calls } = startTicker();
    actor.send({ type: 'user-present' });
    vi.advanceTimersByTime(30_000);
    actor.send({ type: 'refresh-now' });
    expect(calls.refresh).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(calls.refresh).toBe(2);
  });
});

function startInterval(input?: { interval?: number; disabled?: boolean }) {
  let ticks = 0;
  const actor = createActor(intervalMachine.provide({ actions: { tick: () => void ticks++ } }), { input });
  actor.start();
  return { actor, ticks: () => ticks };
}

describe('interval machine (<Ticker>), paths generated from the model', () => {
  const model = createTestModel(intervalMachine, {
    events: [
      { type: 'set-interval', interval: 2000 },
      { type: 'set-interval', interval: 5000 },
    ],
  });
  const paths = model.getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, ticks } = startInterval();
      let expectedTicks = 0;
      await path.test({
        events: {
          enable: () => actor.send({ type: 'enable' }),
          disable: () => actor.send({ type: 'disable' }),
          'set-interval': ({ event }) => actor.send(event as IntervalEvent),
          'interval-elapsed': ({ state }) => {
            expectedTicks++;
            vi.advanceTimersByTime(state.context.interval);
          },
        },
        states: {
          '*': (state: SnapshotFrom<typeof intervalMachine>) => {
            expect(actor.getSnapshot().value).toEqual(state.value);
            expect(actor.getSnapshot().context).toEqual(state.context);
            expect(ticks()).toBe(expectedTicks);
          },
        },
      });
      actor.stop();
    });
  }
});

describe('interval machine (<Ticker>), scenarios', () => {
  it('fires every 150000 ms by default', () => {
    expect(DEFAULT_INTERVAL_MS).toBe(150_000);
    const { ticks } = startInterval();
    vi.advanceTimersByTime(149_999);
    expect(ticks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ticks()).toBe(1);
    vi.advanceTimersByTime(300_000);
    expect(ticks()).toBe(3);
  });

  it('never fires while disabled, and waits a full interval once enabled', () => {
    const { actor, ticks } = startInterval({ disabled: true });
    vi.advanceTimersByTime(1_000_000);
    expect(ticks()).toBe(0);
    actor.send({ type: 'enable' });
    vi.advanceTimersByTime(149_999);
    expect(ticks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ticks()).toBe(1);
  });

  it('a new interval restarts the wait', () => {
    const { actor, ticks } = startInterval({ interval: 10_000 });
    vi.advanceTimersByTime(9_000);
    actor.send({ type: 'set-interval', interval: 5_000 });
    vi.advanceTimersByTime(4_999);
    expect(ticks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ticks()).toBe(1);
  });
});
