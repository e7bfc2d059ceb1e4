import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { SaveMuteInput } from '../../machines/mute-lifecycle/actors.ts';
import { isMuteField, muteBody, muteDraftErrors, newMuteDraft } from '../../machines/mute-lifecycle/draft.ts';
import type { MuteLifecycleInput } from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { selectPanelState } from '../../machines/mute-lifecycle/selectors.ts';
import {
  ACTIVE,
  BROKEN,
  CONFLICT,
  CUSTOMER,
  type Driver,
  drive,
  EXPIRED,
  INACTIVE,
  muteModel,
  NOW,
  THEIRS,
} from './mute-lifecycle-harness.ts';

const INVOKED = [
  ['Saving', 'saveMute'],
  ['Unmuting', 'unmuteMute'],
  ['Reloading', 'loadMute'],
] as const;

function checkInvariants(driver: Driver, event: AnyEventObject, effectsBefore: number, wasNew: boolean) {
  const snapshot = driver.actor.getSnapshot();
  const effects = driver.effects.slice(effectsBefore);
  for (const [state, call] of INVOKED) {
    if (snapshot.matches(state)) expect(driver.waiting.has(call), `${call} runs in ${state}`).toBe(true);
  }
  // The state shown is the mute's own state.
  if (snapshot.matches('Active')) expect(snapshot.context.mute?.state).toBe('active');
  if (snapshot.matches('Inactive')) expect(snapshot.context.mute?.state).toBe('inactive');
  if (snapshot.matches('Expired')) expect(snapshot.context.mute?.state).toBe('expired');
  if (event.type === 'save' && snapshot.matches('Saving')) {
    const { mute, draft } = snapshot.context;
    expect(driver.calls.at(-1)).toEqual({
      actor: 'saveMute',
      input: { id: mute?.id ?? null, version: mute?.version ?? null, draft },
    });
  }
  if (event.type === 'confirm-unmute') {
    expect(driver.calls.at(-1)).toEqual({
      actor: 'unmuteMute',
      input: { id: snapshot.context.mute!.id, version: snapshot.context.mute!.version },
    });
  }
  // Only the answer of a successful save or unmute reloads the lists.
  const changed = effects.filter((e) => e.type === 'reportChanged');
  expect(changed.length).toBe(
    event.type === 'xstate.done.actor.saveMute' || event.type === 'xstate.done.actor.unmuteMute' ? 1 : 0,
  );
  const status = (event as { error?: { status?: number } }).error?.status;
  // A stale change is a conflict; creating cannot be stale, so there it is an ordinary failure.
  if (event.type.startsWith('xstate.error.') && status === 409 && !wasNew) {
    expect(snapshot.matches('Conflict')).toBe(true);
    expect(effects).toEqual([]);
  }
}

const describePath = (steps: { event: AnyEventObject; state: { value: unknown } }[]) =>
  steps.map((s) => `${s.event.type.replace('xstate.', '')} → ${JSON.stringify(s.state.value)}`).join(', ') ||
  'start';

const STARTS: [string, MuteLifecycleInput][] = [
  ['a new mute', { mute: null, customerId: CUSTOMER }],
  ['an active mute', { mute: ACTIVE }],
  ['an inactive mute', { mute: INACTIVE }],
  ['an expired mute', { mute: EXPIRED }],
];

describe('mute lifecycle machine: shortest paths of its model', () => {
  for (const [name, input] of STARTS) {
    describe(`from ${name}`, () => {
      const paths = muteModel(input).getShortestPaths();
      paths.forEach((path, i) => {
        it(`#${i} ${describePath(path.steps)}`, async () => {
          const driver = drive(input);
          for (const step of path.steps) {
            const before = driver.effects.length;
            const wasNew = driver.actor.getSnapshot().context.mute === null;
            await driver.play(step.event);
            const snapshot = driver.actor.getSnapshot();
            expect(snapshot.value, step.event.type).toEqual(step.state.value);
            expect(snapshot.context, step.event.type).toEqual(step.state.context);
            checkInvariants(driver, step.event, before, wasNew);
          }
          driver.actor.stop();
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
      'Saving',
      'Conflict',
      'Reloading',
    ]) {
      expect(states.has(state), state).toBe(true);
    }
  });
});

describe('mute lifecycle machine: scenarios', () => {
  it('a new mute starts with one condition and the default expiry of one day', async () => {
    const driver = drive({ mute: null, customerId: CUSTOMER });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('editing');
    expect(driver.actor.getSnapshot().context.draft.expiry).toBe('1d');
    driver.actor.send({ type: 'save', now: NOW });
    expect(driver.actor.getSnapshot().context.attempted).toBe(true);
    expect(driver.calls).toEqual([]);
    driver.actor.send({ type: 'change-condition', key: 1, changes: { value: 'backup job' } });
    driver.actor.send({ type: 'save', now: NOW });
    const input = driver.calls.at(-1)!.input as SaveMuteInput;
    expect(input.id).toBeNull();
    expect(muteBody(input.draft)).toEqual({
      conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
      description: '',
      ttl_seconds: 86_400,
    });
    await driver.settle('saveMute', { output: ACTIVE }, true);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.effects).toEqual([
      { type: 'reportChanged', params: { mute: ACTIVE, operation: 'create' } },
    ]);
  });

  it('unmutes only after the confirmation, with the version read', async () => {
    const driver = drive({ mute: ACTIVE });
    driver.actor.send({ type: 'unmute' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('confirmUnmute');
    driver.actor.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.calls).toEqual([]);
    driver.actor.send({ type: 'unmute' });
    driver.actor.send({ type: 'confirm-unmute' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('unmuting');
    expect(driver.calls).toEqual([{ actor: 'unmuteMute', input: { id: ACTIVE.id, version: 1 } }]);
    await driver.settle('unmuteMute', { output: INACTIVE }, true);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('inactive');
  });

  it('a failed unmute stays active and reports it', async () => {
    const driver = drive({ mute: ACTIVE });
    driver.actor.send({ type: 'unmute' });
    driver.actor.send({ type: 'confirm-unmute' });
    await driver.settle('unmuteMute', { error: BROKEN }, false);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.effects).toEqual([
      { type: 'reportFailure', params: { operation: 'unmute', message: 'Internal error', status: 500 } },
    ]);
  });

  it('a stale edit answers 409: conflict, then a reload shows the current mute', async () => {
    const driver = drive({ mute: ACTIVE });
    driver.actor.send({ type: 'edit' });
    driver.actor.send({ type: 'change', changes: { description: 'Mine' } });
    driver.actor.send({ type: 'save', now: NOW });
    await driver.settle('saveMute', { error: CONFLICT }, false);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('conflict');
    driver.actor.send({ type: 'reload' });
    await driver.settle('loadMute', { output: THEIRS }, true);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.actor.getSnapshot().context.mute?.description).toBe('Theirs');
  });

  it('an active mute becomes expired when its time passes; a new expiry makes it active again', async () => {
    const driver = drive({ mute: ACTIVE });
    driver.actor.send({ type: 'tick', now: Date.parse(ACTIVE.expires_at!) - 1 });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    driver.actor.send({ type: 'tick', now: Date.parse(ACTIVE.expires_at!) });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('expired');
    driver.actor.send({ type: 'edit' });
    driver.actor.send({ type: 'change', changes: { expiry: '7d' } });
    driver.actor.send({ type: 'save', now: NOW });
    expect(muteBody((driver.calls.at(-1)!.input as SaveMuteInput).draft).ttl_seconds).toBe(7 * 86_400);
    await driver.settle('saveMute', { output: { ...ACTIVE, version: 2 } }, true);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
  });

  it('keeps at least one condition row', () => {
    const driver = drive({ mute: null, customerId: CUSTOMER });
    driver.actor.send({ type: 'remove-condition', key: 1 });
    expect(driver.actor.getSnapshot().context.draft.conditions).toHaveLength(1);
    driver.actor.send({ type: 'add-condition' });
    driver.actor.send({ type: 'remove-condition', key: 1 });
    expect(driver.actor.getSnapshot().context.draft.conditions.map((c) => c.key)).toEqual([2]);
  });

  it('cancelling a new mute closes the form', () => {
    const driver = drive({ mute: null });
    driver.actor.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('closed');
    expect(driver.effects).toEqual([{ type: 'reportClosed' }]);
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
