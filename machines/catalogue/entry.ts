import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/**
 * One machine as testers see it: its name (the folder in machines/), the machine, what it is for
 * in one line, and the events a tester can send. Calls and delays the machine makes are sample
 * events too (`xstate.done.actor.<id>` with the answer, `xstate.error.actor.<id>` with the
 * failure); delays are added by themselves.
 */
export interface CatalogueEntry {
  name: string;
  machine: AnyStateMachine;
  description: string;
  input: unknown;
  events: AnyEventObject[];
  /** Which events can happen in a state (a modal question open, say); all by default. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  sharedClock?: boolean;
  /**
   * What tells two snapshots apart for the paths, when the context grows with every event (a
   * counter, a history): the state value and the context by default.
   */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
}
