// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { isMuteField, muteBody, muteDraftErrors, newMuteDraft } from '../../machines/mute-lifecycle/draft.ts';
import type {
  MuteLifecycleContext,
  MuteLifecycleInput,
} from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { muteLifecycleMachine } from '../../machines/mute-lifecycle/mute-lifecycle.machine.ts';
import {
  selectConfirmingLeave,
  selectDirty,
  selectPanelState,
} from '../../machines/mute-lifecycle/selectors.ts';
import { settleMicrotasks } from '../helpers/fake-network.ts';
import { coveringPaths, describePath, machineModel } from '../helpers/machine-model.ts';
import { type Driver, start, stopAll } from './mute-lifecycle-driver.ts';
import {
  ACTIVE,
  BROKEN,
  CONFLICT,
  CUSTOMER,
  EXPIRED,
  INACTIVE,
  MODEL_EVENTS,
  NOW,
  THEIRS,
} from './mute-lifecycle-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

afterEach(stopAll);

const ONE = '/api/alerts/v1/mutes/{mute_id}' as const;

/** What the driver had seen before a step. */
function countsOf(driver: Driver) {
  return {
    changed: driver.changed.length,
    toasts: driver.toasts().length,
    wasNew: driver.actor.getSnapshot().context.mute === null,
    pages: driver.history().length,
    opened: driver.opened.length,
    closed: driver.closed(),
    opening: driver.actor.getSnapshot().context.opening,
  };
}

function checkInvariants(driver: Driver, event: AnyEventObject, before: ReturnType<typeof countsOf>) {
  const { changed: changedBefore, toasts: toastsBefore, wasNew, pages: pagesBefore } = before;
  const snapshot = driver.actor.getSnapshot();
  const left = driver.history().length > pagesBefore;
  // Another mute or a new one replaces the panel only when nothing unsaved is lost unasked: a
  // clean panel at once, a dirty form once confirmed, a save or an unmute once it is answered;
  // never by navigating.
  const opened = driver.opened.slice(before.opened);
  const waiting = snapshot.matches('Saving') || snapshot.matches('Unmuting');
  if (event.type === 'open-requested') {
    if (snapshot.matches('ConfirmLeave') || waiting) expect(opened).toEqual([]);
    else expect(opened).toEqual([event.opening]);
    if (waiting) expect(snapshot.context.opening).toEqual(event.opening);
  } else if (
    event.type === 'confirm-leave' ||
    event.type === 'xstate.done.actor.saveMute' ||
    event.type === 'xstate.done.actor.unmuteMute'
  ) {
    expect(opened).toEqual(before.opening ? [before.opening] : []);
  } else {
    expect(opened).toEqual([]);
  }
  if (opened.length > 0) {
    expect(snapshot.matches('Closed')).toBe(true);
    expect(left).toBe(false);
    expect(driver.closed()).toBe(before.closed);
  }
  if (!snapshot.matches('ConfirmLeave') && !waiting) {
    expect(snapshot.context.opening).toBeNull();
  }
  // Spec 2, section 4: the question comes only over unsaved changes, and nothing moves before its answer.
  if (selectConfirmingLeave(snapshot)) {
    expect(selectDirty(snapshot)).toBe(true);
    expect(left, 'no navigation before the answer').toBe(false);
  }
  // Going away closes the form and throws the draft away; only a leave asked for navigates.
  if (left) {
    expect(event.type === 'confirm-leave' || event.type === 'leave-requested').toBe(true);
    expect(driver.history().at(-1)).toBe('/alerts');
    expect(snapshot.matches('Editing') || snapshot.matches('ConfirmLeave')).toBe(false);
    expect(snapshot.context.leave).toBeNull();
  }
  if (event.type === 'cancel' && !snapshot.matches('ConfirmLeave')) expect(left).toBe(false);
  const toasts = driver.toasts().slice(toastsBefore);
  if (snapshot.matches('Saving')) {
    expect(
      driver.network.isWaiting('post', '/api/alerts/v1/mutes/') || driver.network.isWaiting('put', ONE),
    ).toBe(true);
  }
  if (snapshot.matches('Unmuting')) expect(driver.network.isWaiting('post', `${ONE}/unmute`)).toBe(true);
  if (snapshot.matches('Reloading')) expect(driver.network.isWaiting('get', ONE)).toBe(true);
  // The state shown is the mute's own state.
  if (snapshot.matches('Active')) expect(snapshot.context.mute?.state).toBe('active');
  if (snapshot.matches('Inactive')) expect(snapshot.context.mute?.state).toBe('inactive');
  if (snapshot.matches('Expired')) expect(snapshot.context.mute?.state).toBe('expired');
  if (event.type === 'save' && snapshot.matches('Saving')) {
    const { mute, draft } = snapshot.context;
    const body = muteBody(draft);
    if (mute) {
      const call = driver.network.callsTo('put', ONE).at(-1)!;
      expect(call.params.mute_id).toBe(mute.id);
      expect(call.body).toEqual(JSON.parse(JSON.stringify({ version: mute.version, ...body })));
    } else {
      expect(driver.network.callsTo('post', '/api/alerts/v1/mutes/').at(-1)!.body).toEqual(
        JSON.parse(JSON.stringify({ customer_id: draft.customerId, ...body })),
      );
    }
  }
  if (event.type === 'confirm-unmute') {
    const call = driver.network.callsTo('post', `${ONE}/unmute`).at(-1)!;
    expect(call.params.mute_id).toBe(snapshot.context.mute!.id);
    expect(call.body).toEqual({ version: snapshot.context.mute!.version });
  }
  // Only the answer of a successful save or unmute reloads the lists, and says so.
  const changed = driver.changed.slice(changedBefore);
  const succeeded =
    event.type === 'xstate.done.actor.saveMute' || event.type === 'xstate.done.actor.unmuteMute';
  expect(changed.length).toBe(succeeded ? 1 : 0);
  if (succeeded) expect(toasts.map((t) => t.severity)).toEqual(['success']);
  const status = (event as { error?: { status?: number } }).error?.status;
  // A stale change is a conflict; creating cannot be stale, so there it is an ordinary failure.
  if (event.type.startsWith('xstate.error.') && status === 409 && !wasNew) {
    expect(snapshot.matches('Conflict')).toBe(true);
    expect(toasts).toEqual([]);
  } else if (event.type.startsWith('xstate.error.')) {
    expect(toasts.map((t) => t.severity)).toEqual(['danger']);
  }
}

const FORM_EVENTS = [
  'change',
  'add-condition',
  'remove-condition',
  'change-condition',
  'save',
  'cancel',
  'leave-requested',
];
const LEAVE_ANSWERS = ['confirm-leave', 'stay'];

function muteModel(input: MuteLifecycleInput) {
  return machineModel(muteLifecycleMachine, {
    events: MODEL_EVENTS,
    input,
    // What the screen lets happen in each state: the form's events only while the form is open,
    // the unmute and leave questions are modal, and at most two condition rows per path keeps it
    // small. A navigation is asked about only while the form is open; a row or a new mute can be
    // asked for wherever the list is within reach (not behind a question).
    filterEvents: (snapshot, event) => {
      if (event.type.startsWith('xstate.')) return true;
      // The screen has dropped the actor.
      if (snapshot.matches('Closed')) return false;
      if (snapshot.matches('ConfirmLeave')) return LEAVE_ANSWERS.includes(event.type);
      // Another mute or a new one is asked for from a panel with nothing else on it (one row, no
      // save tried): what happens reads only whether the form is dirty or saving. Handed over at
      // once, what is asked for makes no difference: one sample will do.
      if (event.type === 'open-requested') {
        const { draft, attempted, error } = snapshot.context;
        if (draft.conditions.length > 1 || attempted || error !== null) return false;
        const waits = snapshot.matches('Saving') || snapshot.matches('Unmuting');
        return snapshot.matches('Editing') || waits || event.opening.kind === 'mute';
      }
      if (LEAVE_ANSWERS.includes(event.type)) return false;
      if (snapshot.matches('Editing')) {
        if (event.type === 'add-condition') return snapshot.context.nextKey <= 2;
        return FORM_EVENTS.includes(event.type) || event.type === 'open-requested';
      }
      if (snapshot.matches('ConfirmUnmute')) return ['confirm-unmute', 'cancel'].includes(event.type);
      if (snapshot.matches('Conflict')) return ['reload', 'cancel'].includes(event.type);
      return !FORM_EVENTS.includes(event.type);
    },
  });
}

/** What sets a transition apart beyond the state: the mute's own state (or new), the rows, tried, failed. */
function formDetail(context: unknown): string {
  const { mute, draft, attempted, error, leave, opening } = context as MuteLifecycleContext;
  return `${mute ? mute.state : 'new'} ${draft.conditions.length} rows${attempted ? ' tried' : ''}${error === null ? '' : ' failed'}${leave ? ' leaving' : ''}${opening ? ` opening ${opening.kind}` : ''}`;
}

const STARTS: [string, MuteLifecycleInput][] = [
  ['a new mute', { mute: null, customerId: CUSTOMER }],
  ['an active mute', { mute: ACTIVE }],
  ['an inactive mute', { mute: INACTIVE }],
  ['an expired mute', { mute: EXPIRED }],
];

describe("mute lifecycle: shortest paths of its model, on the mutes page's hook and real calls", () => {
  for (const [name, input] of STARTS) {
    describe(`from ${name}`, () => {
      // 1,700 to 2,600 shortest paths from each start, one per form the model can fill in; the 90
      // to 160 that take all their transitions (told apart by what the invariants and the form
      // read) are played.
      const paths = coveringPaths(muteModel(input).getShortestPaths(), ({ context }) => formDetail(context));
      paths.forEach((path, i) => {
        it(`#${i} ${describePath(path.steps)}`, async () => {
          const driver = await start(input);
          for (const step of path.steps) {
            const before = countsOf(driver);
            await driver.play(step.event);
            const snapshot = driver.actor.getSnapshot();
            expect(snapshot.value, step.event.type).toEqual(step.state.value);
            expect(snapshot.context, step.event.type).toEqual(step.state.context);
            checkInvariants(driver, step.event, before);
          }
        });
      });
    });
  }

  it('reaches every state of a mute from an active one', () => {
    const paths = muteModel({ mute: ACTIVE }).getShortestPaths();
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    for (const state of [
      'Active',
      'Inactive',
      'Expired',
      'ConfirmUnmute',
      'Unmuting',
      'Editing',
      'ConfirmLeave',
      'Saving',
      'Conflict',
      'Reloading',
      'Closed',
    ]) {
      expect(states.has(state), state).toBe(true);
    }
  });
});

describe("mute lifecycle: scenarios on the mutes page's hook", () => {
  it('a new mute starts with one condition and the default expiry of one day', async () => {
    const driver = await start({ mute: null, customerId: CUSTOMER });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('editing');
    expect(driver.actor.getSnapshot().context.draft.expiry).toBe('1d');
    await driver.send({ type: 'save', now: NOW });
    await settleMicrotasks();
    expect(driver.actor.getSnapshot().context.attempted).toBe(true);
    expect(driver.requests()).toEqual([]);
    await driver.send({ type: 'change-condition', key: 1, changes: { value: 'backup job' } });
    await driver.send({ type: 'save', now: NOW });
    await settleMicrotasks();
    expect(driver.network.callsTo('post', '/api/alerts/v1/mutes/').at(-1)!.body).toEqual({
      customer_id: CUSTOMER,
      conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
      description: '',
      ttl_seconds: 86_400,
    });
    await driver.play({ type: 'xstate.done.actor.saveMute', output: ACTIVE });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.changed).toEqual([{ mute: ACTIVE, operation: 'create' }]);
    expect(driver.toasts()).toEqual([{ severity: 'success', title: 'Mute created', message: '' }]);
  });

  it('unmutes only after the confirmation, with the version read', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'unmute' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('confirmUnmute');
    await driver.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.requests()).toEqual([]);
    await driver.send({ type: 'unmute' });
    await driver.send({ type: 'confirm-unmute' });
    await settleMicrotasks();
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('unmuting');
    const [call] = driver.network.callsTo('post', `${ONE}/unmute`);
    expect(call!.params.mute_id).toBe(ACTIVE.id);
    expect(call!.body).toEqual({ version: 1 });
    await driver.play({ type: 'xstate.done.actor.unmuteMute', output: INACTIVE });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('inactive');
  });

  it('a failed unmute stays active and reports it', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'unmute' });
    await driver.send({ type: 'confirm-unmute' });
    await driver.play({ type: 'xstate.error.actor.unmuteMute', error: BROKEN });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.toasts()).toEqual([
      { severity: 'danger', title: 'Unable to unmute', message: 'Please try again later.' },
    ]);
  });

  it('a stale edit answers 409: conflict, then a reload shows the current mute', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'change', changes: { description: 'Mine' } });
    await driver.send({ type: 'save', now: NOW });
    await driver.play({ type: 'xstate.error.actor.saveMute', error: CONFLICT });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('conflict');
    await driver.send({ type: 'reload' });
    await driver.play({ type: 'xstate.done.actor.loadMute', output: THEIRS });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.actor.getSnapshot().context.mute?.description).toBe('Theirs');
  });

  it('an active mute becomes expired when its time passes; a new expiry makes it active again', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'tick', now: Date.parse(ACTIVE.expires_at!) - 1 });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    await driver.send({ type: 'tick', now: Date.parse(ACTIVE.expires_at!) });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('expired');
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'change', changes: { expiry: '7d' } });
    await driver.send({ type: 'save', now: NOW });
    await settleMicrotasks();
    expect(driver.network.callsTo('put', ONE).at(-1)!.body?.ttl_seconds).toBe(7 * 86_400);
    await driver.play({ type: 'xstate.done.actor.saveMute', output: { ...ACTIVE, version: 2 } });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
  });

  it('keeps at least one condition row', async () => {
    const driver = await start({ mute: null, customerId: CUSTOMER });
    await driver.send({ type: 'remove-condition', key: 1 });
    expect(driver.actor.getSnapshot().context.draft.conditions).toHaveLength(1);
    await driver.send({ type: 'add-condition' });
    await driver.send({ type: 'remove-condition', key: 1 });
    expect(driver.actor.getSnapshot().context.draft.conditions.map((c) => c.key)).toEqual([2]);
  });

  it('cancelling a new mute closes the form', async () => {
    const driver = await start({ mute: null });
    await driver.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('closed');
    expect(driver.closed()).toBe(1);
  });

  it('validates the form: customer, fields, values, regexes and the custom expiry', () => {
    const draft = newMuteDraft();
    expect(muteDraftErrors(draft, true, NOW)).toEqual({
      customer: 'required',
      rows: { 1: { value: 'required' } },
    });
    expect(muteDraftErrors(draft, false, NOW).customer).toBeUndefined();
    const rows = [
      { key: 1, field: 'fields.user.name', operator: 'equals' as const, value: 'svc' },
      { key: 2, field: 'hostname', operator: 'equals' as const, value: 'x' },
      { key: 3, field: 'title', operator: 'regex' as const, value: '(' },
      { key: 4, field: '', operator: 'contains' as const, value: 'x'.repeat(501) },
    ];
    expect(muteDraftErrors({ ...draft, customerId: CUSTOMER, conditions: rows }, true, NOW).rows).toEqual({
      2: { field: 'invalid' },
      3: { value: 'invalidRegex' },
      4: { field: 'required', value: 'tooLong' },
    });
    const custom = (customExpiry: string) =>
      muteDraftErrors({ ...draft, customerId: CUSTOMER, expiry: 'custom', customExpiry }, true, NOW).expiry;
    expect(custom('')).toBe('required');
    expect(custom('2025-05-01T10:00Z')).toBe('past');
    expect(custom('2027-01-01T10:00Z')).toBe('tooFar');
    expect(custom('2025-06-10T10:00Z')).toBeUndefined();
    expect(muteBody({ ...draft, expiry: 'custom', customExpiry: '2025-06-10T10:00Z' }).expires_at).toBe(
      '2025-06-10T10:00:00.000Z',
    );
    expect(isMuteField('external_source')).toBe(true);
    expect(isMuteField('fields.')).toBe(false);
  });
});
