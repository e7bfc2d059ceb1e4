import { type AnyEventObject, type AnyStateMachine, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SaveMuteInput } from '../../machines/mute-lifecycle/actors.ts';
import type { Mute, MuteLifecycleInput } from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { muteLifecycleMachine } from '../../machines/mute-lifecycle/mute-lifecycle.machine.ts';

/**
 * Test support for the mute lifecycle machine: sample mutes and answers, a model derived from the
 * machine itself, and a driver that runs the real machine with fake calls along the model's paths.
 */

export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const CUSTOMER = '00000000-0000-4000-8000-00000000ac01';

export const ACTIVE: Mute = {
  id: '00000000-0000-4000-8000-0000000000m1',
  customer_id: CUSTOMER,
  conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
  description: 'Nightly backups look like exfiltration.',
  state: 'active',
  expires_at: '2025-06-02T12:00:00.000Z',
  ttl_seconds: 86_400,
  created_by: 'analyst@watchfloor.example',
  source_alert_id: 42,
  version: 1,
  created_at: '2025-06-01T11:00:00.000Z',
  updated_at: '2025-06-01T11:00:00.000Z',
};
export const CHANGED: Mute = { ...ACTIVE, description: 'Updated', version: 2 };
export const INACTIVE: Mute = { ...ACTIVE, state: 'inactive', ttl_seconds: null, version: 2 };
export const EXPIRED: Mute = {
  ...ACTIVE,
  state: 'expired',
  ttl_seconds: null,
  expires_at: '2025-05-31T12:00:00.000Z',
};
export const THEIRS: Mute = { ...ACTIVE, description: 'Theirs', version: 3 };

export const CONFLICT = { status: 409, message: 'The mute changed since it was read.' };
export const BAD = { status: 400, message: 'regular expression is not allowed' };
export const BROKEN = { status: 500, message: 'Internal error' };

/** Sample events: what a person does in the panel and the answers each call can give. */
export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'edit' },
  { type: 'change', changes: { description: 'Updated' } },
  { type: 'change', changes: { expiry: 'custom', customExpiry: '' } },
  { type: 'change', changes: { expiry: '7d' } },
  { type: 'add-condition' },
  { type: 'remove-condition', key: 2 },
  { type: 'change-condition', key: 1, changes: { value: '' } },
  { type: 'change-condition', key: 1, changes: { value: 'backup job' } },
  { type: 'save', now: NOW },
  { type: 'cancel' },
  { type: 'unmute' },
  { type: 'confirm-unmute' },
  { type: 'reload' },
  { type: 'tick', now: Date.parse('2025-06-03T00:00:00.000Z') },
  { type: 'refreshed', mute: CHANGED },
  { type: 'xstate.done.actor.saveMute', output: CHANGED },
  { type: 'xstate.error.actor.saveMute', error: CONFLICT },
  { type: 'xstate.error.actor.saveMute', error: BAD },
  { type: 'xstate.done.actor.unmuteMute', output: INACTIVE },
  { type: 'xstate.error.actor.unmuteMute', error: CONFLICT },
  { type: 'xstate.error.actor.unmuteMute', error: BROKEN },
  { type: 'xstate.done.actor.loadMute', output: THEIRS },
  { type: 'xstate.error.actor.loadMute', error: BROKEN },
];

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  states?: Record<string, Config>;
  on?: Record<string, unknown>;
};

/** The config with each invocation turned into the events that end it (xstate/graph refuses invocations). */
function invocationsAsEvents(node: Config): Config {
  const { invoke, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  if (invoke?.onDone) events[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
  if (invoke?.onError) events[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  const result: Config = { ...rest, on: events };
  if (states) {
    result.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, invocationsAsEvents(v)]));
  }
  return result;
}

const FORM_EVENTS = ['change', 'add-condition', 'remove-condition', 'change-condition', 'save', 'cancel'];

export function muteModel(input: MuteLifecycleInput) {
  const config = invocationsAsEvents(muteLifecycleMachine.config as unknown as Config);
  const model: AnyStateMachine = createMachine(
    config as never,
    muteLifecycleMachine.implementations as never,
  );
  return createTestModel(model, {
    events: MODEL_EVENTS,
    input,
    // What the screen lets happen in each state: the form's events only while the form is open,
    // the unmute question is modal, and at most two condition rows per path keeps it small.
    filterEvents: (snapshot, event) => {
      if (event.type.startsWith('xstate.')) return true;
      if (snapshot.matches('Editing')) {
        if (event.type === 'add-condition') return snapshot.context.nextKey <= 2;
        return FORM_EVENTS.includes(event.type);
      }
      if (snapshot.matches('ConfirmUnmute')) return ['confirm-unmute', 'cancel'].includes(event.type);
      if (snapshot.matches('Conflict')) return ['reload', 'cancel'].includes(event.type);
      return !FORM_EVENTS.includes(event.type);
    },
  });
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The real machine with fake calls that wait until the test settles them, and recorded effects. */
export function drive(input: MuteLifecycleInput) {
  const calls: { actor: string; input: unknown }[] = [];
  const effects: { type: string; params?: unknown }[] = [];
  const waiting = new Map<string, Pending>();
  const fake = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          calls.push({ actor: name, input });
          waiting.set(name, { resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  const machine = muteLifecycleMachine.provide({
    actors: {
      saveMute: fake<Mute, SaveMuteInput>('saveMute'),
      unmuteMute: fake<Mute, { id: string; version: number }>('unmuteMute'),
      loadMute: fake<Mute, { id: string }>('loadMute'),
    },
    actions: {
      reportChanged: (_, params) => effects.push({ type: 'reportChanged', params }),
      reportFailure: (_, params) => effects.push({ type: 'reportFailure', params }),
      reportClosed: () => effects.push({ type: 'reportClosed' }),
    },
  });
  const actor = createActor(machine, { input }).start();

  async function settle(name: string, outcome: { output?: unknown; error?: unknown }, ok: boolean) {
    const call = waiting.get(name);
    if (!call) throw new Error(`no ${name} call is waiting`);
    waiting.delete(name);
    if (ok) call.resolve(outcome.output);
    else call.reject(outcome.error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  async function play(event: AnyEventObject) {
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const error = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    const outcome = event as { output?: unknown; error?: unknown };
    if (done) return settle(done[1]!, outcome, true);
    if (error) return settle(error[1]!, outcome, false);
    actor.send(event as never);
  }

  return { actor, calls, effects, waiting, play, settle };
}

export type Driver = ReturnType<typeof drive>;
