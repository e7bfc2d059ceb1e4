import { assign, cancel, enqueueActions, raise, setup } from 'xstate';
import { TICKER_DEFAULTS, type TickerContext, type TickerInput } from './ticker.context.ts';
import type { TickerEvent } from './ticker.events.ts';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The console's timers, running only while a user is present (spec 1, section 4.3).
 *
 * One clock drives all three: it fires every `secondMs`, and the 60 s and 5-minute timers are
 * every `refreshEvery`-th and `reloadEvery`-th tick. One clock keeps their order deterministic
 * (when both fall due, refresh runs before reload). The clock is a delayed event the machine
 * sends itself (`second-elapsed`), so a test model can treat the passing of time as an event.
 * What a refresh or a reload does is injected with `.provide()`.
 */
export const tickerMachine = setup({
  types: {
    context: {} as TickerContext,
    events: {} as TickerEvent,
    input: {} as TickerInput | undefined,
  },
  actions: {
    /** Timestamps refresh. */
    tick: () => undefined,
    /** Counts and a merge of new data (the 60 s timer). */
    refresh: () => undefined,
    /** Reference data reload (the 5-minute timer). */
    reload: () => undefined,
    scheduleClock: raise(
      { type: 'second-elapsed' },
      { id: 'clock', delay: ({ context }) => context.secondMs },
    ),
    cancelClock: cancel('clock'),
    countTick: assign({
      elapsed: ({ context }) => {
        const cycle =
          (context.refreshEvery * context.reloadEvery) / gcd(context.refreshEvery, context.reloadEvery);
        return (context.elapsed + 1) % cycle;
      },
    }),
    runDueTimers: enqueueActions(({ context, enqueue }) => {
      if (context.elapsed % context.refreshEvery === 0) enqueue('refresh');
      if (context.elapsed % context.reloadEvery === 0) enqueue('reload');
    }),
    resetElapsed: assign({ elapsed: 0 }),
  },
}).createMachine({
  id: 'ticker',
  context: ({ input }) => ({
    secondMs: input?.secondMs ?? TICKER_DEFAULTS.secondMs,
    refreshEvery: input?.refreshEvery ?? TICKER_DEFAULTS.refreshEvery,
    reloadEvery: input?.reloadEvery ?? TICKER_DEFAULTS.reloadEvery,
    elapsed: 0,
  }),
  initial: 'Stopped',
  states: {
    Stopped: {
      on: { 'user-present': 'Running' },
    },
    Running: {
      entry: 'scheduleClock',
      exit: ['cancelClock', 'resetElapsed'],
      on: {
        'user-gone': 'Stopped',
        'second-elapsed': { actions: ['cancelClock', 'countTick', 'tick', 'runDueTimers', 'scheduleClock'] },
        'refresh-now': { actions: 'refresh' },
      },
    },
  },
});
