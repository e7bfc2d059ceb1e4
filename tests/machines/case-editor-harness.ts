import { type AnyEventObject, type AnyStateMachine, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SaveCaseInput } from '../../machines/case-editor/actors.ts';
import type { CaseRecord, LeaveTarget } from '../../machines/case-editor/case-editor.context.ts';
import { caseEditorMachine } from '../../machines/case-editor/case-editor.machine.ts';

/**
 * Test support for the case editor machine: sample cases and answers, a model derived from the
 * machine itself, and a driver that runs the real machine with fake calls along the model's paths.
 */

export const CASE: CaseRecord = {
  id: 7,
  customer_id: '00000000-0000-4000-8000-00000000ac01',
  title: 'Phishing wave at Acme',
  description: 'Several users reported the same lure.',
  status: 'open',
  tags: ['phishing'],
  assigned_users: ['analyst@watchfloor.example'],
  risk_score: 60,
  risk_score_min: null,
  risk_score_max: null,
  fields: {},
  alert_count: 3,
  version: 1,
  created_at: '2025-05-01T08:00:00.000Z',
  updated_at: '2025-05-01T09:00:00.000Z',
  can_edit: true,
  recent_alerts: [],
};
export const SAVED: CaseRecord = {
  ...CASE,
  description: 'Changed',
  version: 2,
  updated_at: '2025-05-01T10:00:00.000Z',
};
/** Someone assigned an alert: the record moves, the version does not. */
export const WITH_ALERT: CaseRecord = { ...CASE, alert_count: 4, updated_at: '2025-05-01T09:30:00.000Z' };

export const NOT_FOUND = { status: 404, message: 'Case with ID 7 not found' };
export const CONFLICT = { status: 409, message: 'This case changed since it was read.' };
export const BROKEN = { status: 500, message: 'Internal error' };

/** The sample events of the model: user events and the answers each call can give. */
export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCase', output: CASE },
  { type: 'xstate.error.actor.loadCase', error: NOT_FOUND },
  { type: 'xstate.error.actor.loadCase', error: BROKEN },
  { type: 'edit', changes: { description: 'Changed' } },
  { type: 'edit', changes: { description: CASE.description } },
  { type: 'edit', changes: { riskMin: '80', riskMax: '20' } },
  { type: 'edit', changes: { riskMin: '', riskMax: '' } },
  { type: 'save' },
  { type: 'discard' },
  { type: 'reload' },
  { type: 'xstate.done.actor.saveCase', output: SAVED },
  { type: 'xstate.error.actor.saveCase', error: CONFLICT },
  { type: 'xstate.error.actor.saveCase', error: BROKEN },
  { type: 'case-changed', record: WITH_ALERT },
  { type: 'leave-requested', to: '/alerts', replace: false },
  { type: 'confirm-leave' },
  { type: 'stay' },
  { type: 'resume' },
];

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  states?: Record<string, Config>;
  on?: Record<string, unknown>;
};

/**
 * The machine's config with each invocation turned into the events that end it
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`): xstate/graph refuses invocations, and
 * this way the traversal takes every answer a call can give.
 */
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

export function caseEditorModel() {
  const config = invocationsAsEvents(caseEditorMachine.config as unknown as Config);
  const model: AnyStateMachine = createMachine(config as never, caseEditorMachine.implementations as never);
  return createTestModel(model, {
    events: MODEL_EVENTS,
    input: { caseId: 7 },
    // While the leave question is open it is a modal dialog, and a left page is hidden: only the
    // answers, the page coming back and the calls already under way can happen then.
    filterEvents: (snapshot, event) => {
      if (!snapshot.matches('Ready') || event.type.startsWith('xstate.')) return true;
      if (snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } }))
        return ['confirm-leave', 'stay'].includes(event.type);
      if (snapshot.matches({ Ready: { Leave: 'Left' } })) return event.type === 'resume';
      return !['confirm-leave', 'stay', 'resume'].includes(event.type);
    },
  });
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The real machine with fake calls that wait until the test settles them, and recorded effects. */
export function drive() {
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
  const machine = caseEditorMachine.provide({
    actors: {
      loadCase: fake<CaseRecord, { id: number }>('loadCase'),
      saveCase: fake<CaseRecord, SaveCaseInput>('saveCase'),
    },
    actions: {
      navigate: (_, params: LeaveTarget) => effects.push({ type: 'navigate', params }),
      reportSaved: () => effects.push({ type: 'reportSaved' }),
      reportFailure: (_, params) => effects.push({ type: 'reportFailure', params }),
    },
  });
  const actor = createActor(machine, { input: { caseId: 7 } }).start();

  async function settle(name: string, outcome: { output?: unknown; error?: unknown }, ok: boolean) {
    const call = waiting.get(name);
    if (!call) throw new Error(`no ${name} call is waiting`);
    waiting.delete(name);
    if (ok) call.resolve(outcome.output);
    else call.reject(outcome.error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }

  /** Plays one model event: user events are sent, call answers settle the waiting fake. */
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
