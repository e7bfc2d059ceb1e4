// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { definitionOf, draftErrors, draftFrom } from '../../machines/workflow-drafts/draft.ts';
import {
  selectCanPublish,
  selectCanSave,
  selectConfirmingLeave,
  selectConfirmingTrigger,
  selectDirty,
  selectErrors,
  selectFormState,
  selectView,
} from '../../machines/workflow-drafts/selectors.ts';
import { workflowDraftsMachine } from '../../machines/workflow-drafts/workflow-drafts.machine.ts';
import { useWorkflowEditor } from '../../src/web/features/workflows/use-workflow-editor.ts';
import { freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { coveringPaths, describePath, machineModel, playEvent } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';
import {
  ACTIONS,
  answerCatalogue,
  BROKEN,
  CONFLICT,
  filterEvents,
  GET_PATH,
  MODEL_EVENTS,
  NOT_FOUND,
  OUTCOMES,
  PUBLISH_PATH,
  PUBLISHED,
  PUT_PATH,
  SAVED,
  WORKFLOW,
  WORKFLOW_ID,
} from './workflow-drafts-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
});

/** The editor hook for one workflow, its calls answered by a fresh fake network. */
async function start() {
  const network = freshNetwork();
  signIn(network);
  answerCatalogue(network);
  const hook = await renderAppHook(() => useWorkflowEditor('workflow', WORKFLOW_ID), {
    path: `/workflows/${WORKFLOW_ID}`,
  });
  unmounts.push(hook.unmount);
  const actor = hook.result.current;
  const play = (event: AnyEventObject) => hook.act(() => playEvent(actor, event, network, OUTCOMES));
  const send = (event: AnyEventObject) => hook.act(() => actor.send(event as never));
  return { ...hook, network, actor, play, send };
}

type Driver = Awaited<ReturnType<typeof start>>;

/** What must hold after every step of every path. */
function checkInvariants(driver: Driver, event: AnyEventObject, pagesBefore: number) {
  const snapshot = driver.actor.getSnapshot();
  const left = driver.history().length > pagesBefore;
  if (snapshot.matches('Loading')) expect(driver.network.isWaiting('get', GET_PATH)).toBe(true);
  if (event.type === 'save' && snapshot.matches({ Ready: { Form: 'Saving' } })) {
    const call = driver.network.callsTo('put', PUT_PATH).at(-1)!;
    expect(call.body).toMatchObject({
      workflow_id: WORKFLOW_ID,
      version: snapshot.context.version,
      ...definitionOf(snapshot.context.draft, snapshot.context.actions),
    });
  }
  if (left) expect(snapshot.matches({ Ready: { Leave: 'Left' } })).toBe(true);
  if (selectConfirmingLeave(snapshot)) expect(selectDirty(snapshot)).toBe(true);
  if (selectConfirmingTrigger(snapshot)) {
    // Nothing is dropped before the answer.
    expect(snapshot.context.draft.triggerId).not.toBe('scheduled');
  }
}

describe("workflow drafts: shortest paths of its model, on the editor's hook and real calls", () => {
  // About 1,750 shortest paths, one per draft the model can reach; the ~75 that take all their
  // transitions (told apart by whether the draft is dirty) are the ones played.
  const paths = coveringPaths(
    machineModel(workflowDraftsMachine, {
      events: MODEL_EVENTS,
      input: { kind: 'workflow', id: WORKFLOW_ID },
      filterEvents: filterEvents as never,
    }).getShortestPaths(),
    (state) => (selectDirty(state as never) ? 'dirty' : 'clean'),
  );

  it('reaches every state of the form and the leave guard', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const form of [
      'Pristine',
      'Editing',
      'ConfirmTrigger',
      'Saving',
      'Publishing',
      'Saved',
      'Conflict',
      'Failed',
    ])
      expect(
        [...values].some((v) => v.includes(`"Form":"${form}"`)),
        form,
      ).toBe(true);
    for (const leave of ['Idle', 'Left'])
      expect(
        [...values].some((v) => v.includes(`"Leave":"${leave}"`)),
        leave,
      ).toBe(true);
    expect(values.has('"NotFound"')).toBe(true);
    expect(values.has('"LoadFailed"')).toBe(true);
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps)}`, async () => {
      const driver = await start();
      for (const step of path.steps) {
        const pages = driver.history().length;
        await driver.play(step.event);
        const snapshot = driver.actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context, step.event.type).toEqual(step.state.context);
        checkInvariants(driver, step.event, pages);
      }
    });
  });
});

async function loaded() {
  const driver = await start();
  await driver.play({
    type: 'xstate.done.actor.loadWorkflow',
    output: { record: WORKFLOW, actions: ACTIONS },
  });
  return driver;
}

describe("workflow drafts: scenarios on the editor's hook", () => {
  it('saves the whole draft with the version read; a draft does not become published', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { name: 'Renamed' } });
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'save' });
    await settleMicrotasks();
    expect(driver.network.callsTo('put', PUT_PATH).at(-1)!.body).toMatchObject({
      workflow_id: WORKFLOW_ID,
      version: 1,
      name: 'Renamed',
      trigger_id: 'alert_created',
      trigger_filter: { priorities: ['critical'] },
      task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'Seen', private: true } }],
      order_list: ['note'],
    });
    await driver.play({ type: 'xstate.done.actor.saveDraft', output: SAVED });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('saved');
    expect(driver.network.callsTo('post', PUBLISH_PATH)).toHaveLength(0);
    expect(driver.toasts()).toContainEqual({ severity: 'success', title: 'Draft saved', message: '' });
  });

  it('refuses to publish a step without its required value, and says which', async () => {
    const driver = await loaded();
    await driver.send({ type: 'add-step', actionId: 'wait' });
    expect(selectCanPublish(driver.actor.getSnapshot())).toBe(false);
    await driver.send({ type: 'publish' });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('editing');
    expect(selectErrors(driver.actor.getSnapshot()).step?.[1]).toEqual({ minutes: { key: 'required' } });
    // A draft may be incomplete: saving it is allowed.
    expect(selectCanSave(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'edit-step', index: 1, values: { minutes: '0' } });
    expect(selectErrors(driver.actor.getSnapshot()).step?.[1]).toEqual({
      minutes: { key: 'tooSmall', limit: 1 },
    });
    await driver.send({ type: 'edit-step', index: 1, values: { minutes: '30' } });
    expect(selectCanPublish(driver.actor.getSnapshot())).toBe(true);
  });

  it('publishes: saves what is unsaved first, then publishes the version that answered', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { name: 'Renamed' } });
    await driver.send({ type: 'publish' });
    await driver.play({ type: 'xstate.done.actor.publishDraft', output: PUBLISHED });
    expect(driver.network.callsTo('post', PUBLISH_PATH).at(-1)!.body).toEqual({ version: SAVED.version });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('saved');
    expect(driver.toasts()).toContainEqual({ severity: 'success', title: 'Workflow published', message: '' });
  });

  it('asks before a trigger change drops unsupported steps; keeping it changes nothing', async () => {
    const driver = await loaded();
    await driver.send({ type: 'change-trigger', triggerId: 'scheduled' });
    expect(selectConfirmingTrigger(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'keep-trigger' });
    let snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.draft.triggerId).toBe('alert_created');
    expect(snapshot.context.draft.steps).toHaveLength(1);
    await driver.send({ type: 'change-trigger', triggerId: 'scheduled' });
    await driver.send({ type: 'confirm-trigger' });
    snapshot = driver.actor.getSnapshot();
    expect(snapshot.context.draft.triggerId).toBe('scheduled');
    expect(snapshot.context.draft.steps).toHaveLength(0);
    // With no steps left it can only be a draft.
    expect(selectCanPublish(snapshot)).toBe(false);
  });

  it('moves steps up and down and removes them', async () => {
    const driver = await loaded();
    await driver.send({ type: 'add-step', actionId: 'wait' });
    await driver.send({ type: 'move-step', index: 1, by: -1 });
    expect(driver.actor.getSnapshot().context.draft.steps.map((s) => s.id)).toEqual(['wait', 'note']);
    await driver.send({ type: 'remove-step', index: 0 });
    expect(driver.actor.getSnapshot().context.draft.steps.map((s) => s.id)).toEqual(['note']);
    expect(selectDirty(driver.actor.getSnapshot())).toBe(false);
  });

  it('keeps the draft on a 409 and offers a reload', async () => {
    const driver = await loaded();
    await driver.send({ type: 'edit', changes: { name: 'Mine' } });
    await driver.send({ type: 'save' });
    await driver.play({ type: 'xstate.error.actor.saveDraft', error: CONFLICT });
    expect(selectFormState(driver.actor.getSnapshot())).toBe('conflict');
    expect(driver.actor.getSnapshot().context.draft.name).toBe('Mine');
    await driver.send({ type: 'reload' });
    expect(selectView(driver.actor.getSnapshot())).toBe('loading');
  });

  it('shows a 404 as not found, and reports other load failures', async () => {
    const missing = await start();
    await missing.play({ type: 'xstate.error.actor.loadWorkflow', error: NOT_FOUND });
    expect(selectView(missing.actor.getSnapshot())).toBe('notFound');
    expect(missing.toasts()).toEqual([]);
    const broken = await start();
    await broken.play({ type: 'xstate.error.actor.loadWorkflow', error: BROKEN });
    expect(selectView(broken.actor.getSnapshot())).toBe('loadFailed');
    expect(broken.toasts()[0]).toMatchObject({ severity: 'danger', title: 'Unable to fetch workflow' });
  });

  it('checks parameters as declared, taking expressions as the server does', () => {
    const draft = draftFrom(WORKFLOW);
    const withWait = {
      ...draft,
      steps: [
        ...draft.steps,
        {
          id: 'wait',
          actionId: 'wait',
          name: '',
          values: { minutes: '{{steps.note.minutes}}' },
          timeoutSeconds: 60,
          retries: 3,
        },
      ],
    };
    expect(draftErrors(withWait, ACTIONS, { publish: true, needsName: true })).toEqual({});
    expect(definitionOf(withWait, ACTIONS).task_list[1]!.parameters).toEqual({
      minutes: '{{steps.note.minutes}}',
    });
    const emptyName = { ...draft, name: '' };
    expect(draftErrors(emptyName, ACTIONS, { publish: true, needsName: true }).name).toEqual({
      key: 'required',
    });
  });
});
