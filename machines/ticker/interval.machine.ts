import { assign, cancel, raise, setup } from 'xstate';
import { DEFAULT_INTERVAL_MS, type IntervalContext, type IntervalInput } from './interval.context.ts';
import type { IntervalEvent } from './interval.events.ts';

/**
 * The `<Ticker>` component's timer (spec 1, section 4.3): fires `tick` every `interval` ms
 * unless disabled. A new interval restarts the wait. Like the ticker machine, the timer is a
 * delayed event the machine sends itself, so time can be driven as an event in tests.
 */
export const intervalMachine = setup({
  types: {
    context: {} as IntervalContext,
    events: {} as IntervalEvent,
    input: {} as IntervalInput | undefined,
  },
  actions: {
    tick: () => undefined,
    schedule: raise(
      { type: 'interval-elapsed' },
      { id: 'interval', delay: ({ context }) => context.interval },
    ),
    unschedule: cancel('interval'),
    setInterval: assign({
      interval: ({ context, event }) =>
        event.type === 'set-interval' && event.interval > 0 ? event.interval : context.interval,
    }),
  },
  guards: {
    startsDisabled: ({ context }) => context.startDisabled,
  },
}).createMachine({
  id: 'interval',
  context: ({ input }) => ({
    interval: input?.interval && input.interval > 0 ? input.interval : DEFAULT_INTERVAL_MS,
    startDisabled: input?.disabled ?? false,
  }),
  initial: 'Starting',
  states: {
    Starting: {
      always: [{ guard: 'startsDisabled', target: 'Disabled' }, { target: 'Enabled' }],
    },
    Enabled: {
      entry: 'schedule',
      exit: 'unschedule',
      on: {
        'interval-elapsed': { target: 'Enabled', reenter: true, actions: 'tick' },
        'set-interval': { target: 'Enabled', reenter: true, actions: 'setInterval' },
        disable: 'Disabled',
      },
    },
    Disabled: {
      on: {
        enable: 'Enabled',
        'set-interval': { actions: 'setInterval' },
      },
    },
  },
});
