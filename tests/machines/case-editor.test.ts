import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { SaveCaseInput } from '../../machines/case-editor/actors.ts';
import type { CaseRecord } from '../../machines/case-editor/case-editor.context.ts';
import { changedFields, draftFromCase, riskRangeErrors } from '../../machines/case-editor/draft.ts';
import {
  selectCanSave,
  selectConfirmingLeave,
  selectDirty,
  selectFormState,
  selectView,
} from '../../machines/case-editor/selectors.ts';
import {
  BROKEN,
  CASE,
  CONFLICT,
  caseEditorModel,
  type Driver,
  drive,
  NOT_FOUND,
  SAVED,
  WITH_ALERT,
} from './case-editor-harness.ts';

/** What must hold after every step of every path, whatever led there. */
function checkInvariants(driver: Driver, event: AnyEventObject, effectsBefore: number) {
  const snapshot = driver.actor.getSnapshot();
  const effects = driver.effects.slice(effectsBefore);
  if (snapshot.matches('Loading'))
    expect(driver.waiting.has('loadCase'), 'a load runs while Loading').toBe(true);
  if (snapshot.matches({ Ready: { Form: 'Saving' } })) expect(driver.waiting.has('saveCase')).toBe(true);
  if (event.type === 'save' && snapshot.matches({ Ready: { Form: 'Saving' } })) {
    // A save sends only the changed fields, with the version the draft was based on.
    const call = driver.calls.filter((c) => c.actor === 'saveCase').at(-1)!.input as SaveCaseInput;
    expect(call.version).toBe(snapshot.context.version);
    expect(call.changes).toEqual(changedFields(snapshot.context.base, snapshot.context.draft));
  }
  if (event.type === 'leave-requested' && snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } })) {
    expect(
      effects.some((e) => e.type === 'navigate'),
      'no navigation before the answer',
    ).toBe(false);
  }
  if (effects.some((e) => e.type === 'navigate')) {
    expect(snapshot.matches({ Ready: { Leave: 'Left' } })).toBe(true);
    expect(selectDirty(snapshot), 'leaving throws the draft away').toBe(false);
  }
  if (snapshot.matches({ Ready: { Form: 'Failed' } }) && event.type === 'xstate.error.actor.saveCase') {
    expect(effects).toContainEqual({
      type: 'reportFailure',
      params: { operation: 'save', message: 'Internal error' },
    });
  }
  if (snapshot.matches({ Ready: { Form: 'Conflict', Leave: 'Idle' } })) {
    expect(snapshot.context.error).toBe(CONFLICT.message);
  }
  if (selectConfirmingLeave(snapshot)) expect(selectDirty(snapshot)).toBe(true);
}

const describePath = (steps: { event: AnyEventObject; state: { value: unknown } }[]) =>
  steps.map((s) => `${s.event.type.replace('xstate.', '')} → ${JSON.stringify(s.state.value)}`).join(', ') ||
  'start';

describe('case editor machine: shortest paths of its model', () => {
  const paths = caseEditorModel().getShortestPaths();

  it('reaches every state of the form and the leave guard', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const form of ['Pristine', 'Editing', 'Saving', 'Saved', 'Conflict', 'Failed']) {
      expect(
        [...values].some((v) => v.includes(`"Form":"${form}"`)),
        form,
      ).toBe(true);
    }
    for (const leave of ['Idle', 'ConfirmLeave', 'Left']) {
      expect(
        [...values].some((v) => v.includes(`"Leave":"${leave}"`)),
        leave,
      ).toBe(true);
    }
    expect(values.has('"NotFound"')).toBe(true);
    expect(values.has('"LoadFailed"')).toBe(true);
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps)}`, async () => {
      const driver = drive();
      for (const step of path.steps) {
        const before = driver.effects.length;
        await driver.play(step.event);
        const snapshot = driver.actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context, step.event.type).toEqual(step.state.context);
        checkInvariants(driver, step.event, before);
      }
      driver.actor.stop();
    });
  });
});

/** A driver with the case loaded. */
async function loaded(record: CaseRecord = CASE) {
  const driver = drive();
  await driver.settle('loadCase', { output: record }, true);
  return driver;
}

describe('case editor machine: scenarios', () => {
  it('saves only the changed fields with the version read, then is saved', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { description: 'Changed', riskMin: '10', riskMax: '90' } });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('editing');
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(true);
    driver.actor.send({ type: 'save' });
    expect(driver.calls.at(-1)).toEqual({
      actor: 'saveCase',
      input: {
        id: 7,
        version: 1,
        changes: { description: 'Changed', risk_score_min: 10, risk_score_max: 90 },
      },
    });
    await driver.settle('saveCase', { output: { ...SAVED, risk_score_min: 10, risk_score_max: 90 } }, true);
    const snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('saved');
    expect(snapshot.context.version).toBe(2);
    expect(selectDirty(snapshot)).toBe(false);
    expect(driver.effects).toContainEqual({ type: 'reportSaved' });
  });

  it('refuses to save a risk range whose minimum is above its maximum', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { riskMin: '80', riskMax: '20' } });
    expect(riskRangeErrors('80', '20')).toEqual({ max: 'minAboveMax' });
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(false);
    driver.actor.send({ type: 'save' });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('editing');
    expect(driver.calls.filter((c) => c.actor === 'saveCase')).toHaveLength(0);
  });

  it('keeps the draft on a 409 and takes the newer case on reload', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { title: 'Mine' } });
    driver.actor.send({ type: 'save' });
    await driver.settle('saveCase', { error: CONFLICT }, false);
    let snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('conflict');
    expect(snapshot.context.draft.title).toBe('Mine');
    expect(driver.effects.some((e) => e.type === 'reportFailure')).toBe(false);
    driver.actor.send({ type: 'reload' });
    expect(selectView(driver.actor.getSnapshot())).toBe('loading');
    await driver.settle('loadCase', { output: { ...CASE, title: 'Theirs', version: 3 } }, true);
    snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('pristine');
    expect(snapshot.context.draft.title).toBe('Theirs');
    expect(snapshot.context.version).toBe(3);
  });

  it('asks before leaving with unsaved changes; stay keeps them, leave throws them away', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { description: 'Half written' } });
    driver.actor.send({ type: 'leave-requested', to: '/alerts', replace: false });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    driver.actor.send({ type: 'stay' });
    expect(driver.actor.getSnapshot().context.draft.description).toBe('Half written');
    expect(driver.effects.some((e) => e.type === 'navigate')).toBe(false);

    driver.actor.send({ type: 'leave-requested', to: '/cases', replace: true });
    driver.actor.send({ type: 'confirm-leave' });
    expect(driver.effects).toContainEqual({ type: 'navigate', params: { to: '/cases', replace: true } });
    expect(selectDirty(driver.actor.getSnapshot())).toBe(false);
    driver.actor.send({ type: 'resume' });
    expect(selectView(driver.actor.getSnapshot())).toBe('loading');
  });

  it('leaves at once when nothing is unsaved', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'leave-requested', to: '/alerts/5', replace: false });
    expect(driver.effects).toContainEqual({ type: 'navigate', params: { to: '/alerts/5', replace: false } });
  });

  it('goes on leaving when the save it waited for succeeds meanwhile', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { description: 'Changed' } });
    driver.actor.send({ type: 'save' });
    driver.actor.send({ type: 'leave-requested', to: '/alerts', replace: false });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    await driver.settle('saveCase', { output: SAVED }, true);
    expect(driver.effects).toContainEqual({ type: 'navigate', params: { to: '/alerts', replace: false } });
  });

  it('keeps the version under a dirty draft when alerts change, so a concurrent edit still conflicts', async () => {
    const driver = await loaded();
    driver.actor.send({ type: 'edit', changes: { title: 'Mine' } });
    driver.actor.send({ type: 'case-changed', record: { ...WITH_ALERT, title: 'Theirs', version: 5 } });
    let snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.record?.alert_count).toBe(4);
    expect(snapshot.context.version).toBe(1);
    expect(snapshot.context.draft.title).toBe('Mine');
    driver.actor.send({ type: 'discard' });
    driver.actor.send({ type: 'case-changed', record: { ...WITH_ALERT, title: 'Theirs', version: 5 } });
    snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.version).toBe(5);
    expect(snapshot.context.draft).toEqual(draftFromCase({ ...WITH_ALERT, title: 'Theirs', version: 5 }));
  });

  it("shows 'not found' for a case the user cannot see, and reports other load failures", async () => {
    const missing = drive();
    await missing.settle('loadCase', { error: NOT_FOUND }, false);
    expect(selectView(missing.actor.getSnapshot())).toBe('notFound');
    expect(missing.effects).toEqual([]);

    const broken = drive();
    await broken.settle('loadCase', { error: BROKEN }, false);
    expect(selectView(broken.actor.getSnapshot())).toBe('loadFailed');
    expect(broken.effects).toEqual([
      { type: 'reportFailure', params: { operation: 'load', message: 'Internal error' } },
    ]);
  });

  it('validates risk bounds: whole numbers from 0 to 100, minimum not above maximum', () => {
    expect(riskRangeErrors('', '')).toEqual({});
    expect(riskRangeErrors('0', '100')).toEqual({});
    expect(riskRangeErrors('50', '50')).toEqual({});
    expect(riskRangeErrors('101', '')).toEqual({ min: 'outOfRange' });
    expect(riskRangeErrors('-1', 'x')).toEqual({ min: 'outOfRange', max: 'outOfRange' });
    expect(riskRangeErrors('7.5', '')).toEqual({ min: 'outOfRange' });
    expect(riskRangeErrors('60', '59')).toEqual({ max: 'minAboveMax' });
  });
});
