// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { caseEditorMachine } from '../../machines/case-editor/case-editor.machine.ts';
import { changedFields, draftFromCase, riskRangeErrors } from '../../machines/case-editor/draft.ts';
import {
  selectCanSave,
  selectConfirmingLeave,
  selectDirty,
  selectFormState,
  selectView,
} from '../../machines/case-editor/selectors.ts';
import { useCaseEditor } from '../../src/web/features/cases/use-case-editor.ts';
import { freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { coveringPaths, describePath, machineModel, playEvent } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';
import {
  BROKEN,
  CASE,
  CONFLICT,
  MODEL_EVENTS,
  NOT_FOUND,
  OUTCOMES,
  SAVED,
  WITH_ALERT,
} from './case-editor-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const PATH = '/api/cases/v1/cases/{id}' as const;
const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
});

/** The case page's editor hook for case 7, its calls answered by a fresh fake network. */
async function start() {
  const network = freshNetwork();
  signIn(network);
  const hook = await renderAppHook(() => useCaseEditor(7), { path: '/cases/7' });
  unmounts.push(hook.unmount);
  const actor = hook.result.current;
  const play = (event: AnyEventObject) => hook.act(() => playEvent(actor, event, network, OUTCOMES));
  const send = (event: AnyEventObject) => hook.act(() => actor.send(event as never));
  const answer = (work: () => Promise<void>) => hook.act(work);
  return { ...hook, network, actor, play, send, answer };
}

type Driver = Awaited<ReturnType<typeof start>>;

/** What must hold after every step of every path, whatever led there. */
function checkInvariants(driver: Driver, event: AnyEventObject, toastsBefore: number, pagesBefore: number) {
  const snapshot = driver.actor.getSnapshot();
  const toasts = driver.toasts().slice(toastsBefore);
  const left = driver.history().length > pagesBefore;
  if (snapshot.matches('Loading'))
    expect(driver.network.isWaiting('get', PATH), 'a load runs while Loading').toBe(true);
  if (snapshot.matches({ Ready: { Form: 'Saving' } }))
    expect(driver.network.isWaiting('put', PATH)).toBe(true);
  if (event.type === 'save' && snapshot.matches({ Ready: { Form: 'Saving' } })) {
    // A save sends only the changed fields, with the version the draft was based on.
    const call = driver.network.callsTo('put', PATH).at(-1)!;
    expect(call.params.id).toBe('7');
    expect(call.body).toEqual({
      version: snapshot.context.version,
      ...changedFields(snapshot.context.base, snapshot.context.draft),
    });
  }
  if (event.type === 'leave-requested' && snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } })) {
    expect(left, 'no navigation before the answer').toBe(false);
  }
  if (left) {
    expect(snapshot.matches({ Ready: { Leave: 'Left' } })).toBe(true);
    expect(selectDirty(snapshot), 'leaving throws the draft away').toBe(false);
  }
  if (snapshot.matches({ Ready: { Form: 'Failed' } }) && event.type === 'xstate.error.actor.saveCase') {
    expect(toasts).toContainEqual({
      severity: 'danger',
      title: 'Unable to update case',
      message: 'Please try again later.',
    });
  }
  if (snapshot.matches({ Ready: { Form: 'Conflict', Leave: 'Idle' } })) {
    expect(snapshot.context.error).toBe(CONFLICT.message);
  }
  if (selectConfirmingLeave(snapshot)) expect(selectDirty(snapshot)).toBe(true);
}

function caseEditorModel() {
  return machineModel(caseEditorMachine, {
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

describe("case editor: shortest paths of its model, on the case page's hook and real calls", () => {
  // One shortest path per draft the model can reach is some 200; those that between them take
  // every transition (told apart by whether the draft is dirty) are the ones played.
  const paths = coveringPaths(caseEditorModel().getShortestPaths(), (state) =>
    selectDirty(state as never) ? 'dirty' : 'clean',
  );

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
      const driver = await start();
      for (const step of path.steps) {
        const toasts = driver.toasts().length;
        const pages = driver.history().length;
        await driver.play(step.event);
        const snapshot = driver.actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context, step.event.type).toEqual(step.state.context);
        checkInvariants(driver, step.event, toasts, pages);
      }
    });
  });
});

/** The hook with case 7 loaded. */
async function loaded(record = CASE) {
  const driver = await start();
  await driver.answer(() => driver.network.respond('get', PATH, { status: 200, body: record }));
  return driver;
}

const saveAnswered = (driver: Driver, body: typeof SAVED) =>
  driver.answer(() => driver.network.respond('put', PATH, { status: 200, body }));

describe("case editor: scenarios on the case page's hook", () => {
  it('saves only the changed fields with the version read, then is saved and says so', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { description: 'Changed', riskMin: '10', riskMax: '90' } });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('editing');
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'save' });
    await settleMicrotasks();
    expect(driver.network.callsTo('put', PATH).at(-1)!.body).toEqual({
      version: 1,
      description: 'Changed',
      risk_score_min: 10,
      risk_score_max: 90,
    });
    await saveAnswered(driver, { ...SAVED, risk_score_min: 10, risk_score_max: 90 });
    const snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('saved');
    expect(snapshot.context.version).toBe(2);
    expect(selectDirty(snapshot)).toBe(false);
    expect(driver.toasts()).toContainEqual({ severity: 'success', title: 'Case saved', message: '' });
  });

  it('refuses to save a risk range whose minimum is above its maximum', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { riskMin: '80', riskMax: '20' } });
    expect(riskRangeErrors('80', '20')).toEqual({ max: 'minAboveMax' });
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(false);
    await driver.send({ type: 'save' });
    await settleMicrotasks();
    expect(selectFormState(driver.actor.getSnapshot())).toBe('editing');
    expect(driver.network.callsTo('put', PATH)).toHaveLength(0);
  });

  it('keeps the draft on a 409 and takes the newer case on reload', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { title: 'Mine' } });
    await driver.send({ type: 'save' });
    await driver.play({ type: 'xstate.error.actor.saveCase', error: CONFLICT });
    let snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('conflict');
    expect(snapshot.context.draft.title).toBe('Mine');
    expect(driver.toasts()).toEqual([]);
    await driver.send({ type: 'reload' });
    expect(selectView(driver.actor.getSnapshot())).toBe('loading');
    await driver.play({
      type: 'xstate.done.actor.loadCase',
      output: { ...CASE, title: 'Theirs', version: 3 },
    });
    snapshot = driver.actor.getSnapshot();
    expect(selectFormState(snapshot)).toBe('pristine');
    expect(snapshot.context.draft.title).toBe('Theirs');
    expect(snapshot.context.version).toBe(3);
  });

  it('asks before leaving with unsaved changes; stay keeps them, leave throws them away', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { description: 'Half written' } });
    await driver.send({ type: 'leave-requested', to: '/alerts', replace: false });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'stay' });
    expect(driver.actor.getSnapshot().context.draft.description).toBe('Half written');
    expect(driver.history()).toEqual(['/cases/7']);

    await driver.send({ type: 'leave-requested', to: '/cases', replace: false });
    await driver.send({ type: 'confirm-leave' });
    expect(driver.history()).toEqual(['/cases/7', '/cases']);
    expect(selectDirty(driver.actor.getSnapshot())).toBe(false);
    await driver.send({ type: 'resume' });
    expect(selectView(driver.actor.getSnapshot())).toBe('loading');
  });

  it('leaves at once when nothing is unsaved', async () => {
    const driver = await loaded();
    await driver.send({ type: 'leave-requested', to: '/alerts/5', replace: false });
    expect(driver.history()).toEqual(['/cases/7', '/alerts/5']);
  });

  it('goes on leaving when the save it waited for succeeds meanwhile', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { description: 'Changed' } });
    await driver.send({ type: 'save' });
    await driver.send({ type: 'leave-requested', to: '/alerts', replace: false });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    await saveAnswered(driver, SAVED);
    expect(driver.history()).toEqual(['/cases/7', '/alerts']);
  });

  it('keeps the version under a dirty draft when alerts change, so a concurrent edit still conflicts', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { title: 'Mine' } });
    await driver.send({ type: 'case-changed', record: { ...WITH_ALERT, title: 'Theirs', version: 5 } });
    let snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.record?.alert_count).toBe(4);
    expect(snapshot.context.version).toBe(1);
    expect(snapshot.context.draft.title).toBe('Mine');
    await driver.send({ type: 'discard' });
    await driver.send({ type: 'case-changed', record: { ...WITH_ALERT, title: 'Theirs', version: 5 } });
    snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.version).toBe(5);
    expect(snapshot.context.draft).toEqual(draftFromCase({ ...WITH_ALERT, title: 'Theirs', version: 5 }));
  });

  it("shows 'not found' for a case the user cannot see, and reports other load failures", async () => {
    const missing = await start();
    await missing.play({ type: 'xstate.error.actor.loadCase', error: NOT_FOUND });
    expect(selectView(missing.actor.getSnapshot())).toBe('notFound');
    expect(missing.toasts()).toEqual([]);

    const broken = await start();
    await broken.play({ type: 'xstate.error.actor.loadCase', error: BROKEN });
    expect(selectView(broken.actor.getSnapshot())).toBe('loadFailed');
    expect(broken.toasts()).toEqual([
      { severity: 'danger', title: 'Unable to load case', message: 'Please try again later.' },
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
