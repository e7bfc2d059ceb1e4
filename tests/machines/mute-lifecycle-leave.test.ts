// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  selectConfirmingLeave,
  selectDirty,
  selectPanelState,
} from '../../machines/mute-lifecycle/selectors.ts';
import { settleMicrotasks } from '../helpers/fake-network.ts';
import { start, stopAll } from './mute-lifecycle-driver.ts';
import {
  ACTIVE,
  BAD,
  BROKEN,
  CHANGED,
  CUSTOMER,
  EXPIRED,
  INACTIVE,
  NOW,
  OTHER,
} from './mute-lifecycle-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

afterEach(stopAll);

describe("mute lifecycle: leaving a form with unsaved changes, on the mutes page's hook", () => {
  it('closes a clean form at once; with unsaved changes asks, stay keeps them, leave throws them away', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');

    await driver.send({ type: 'edit' });
    await driver.send({ type: 'change', changes: { description: 'Half written' } });
    expect(selectDirty(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'cancel' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('confirmLeave');
    await driver.send({ type: 'stay' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('editing');
    expect(driver.actor.getSnapshot().context.draft.description).toBe('Half written');

    // Typing the description back as it was is no change: nothing to ask about.
    await driver.send({ type: 'change', changes: { description: ACTIVE.description } });
    expect(selectDirty(driver.actor.getSnapshot())).toBe(false);
    await driver.send({ type: 'change', changes: { description: 'Half written' } });
    await driver.send({ type: 'cancel' });
    await driver.send({ type: 'confirm-leave' });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('active');
    expect(driver.actor.getSnapshot().context.draft.description).toBe(ACTIVE.description);
    expect(driver.history()).toEqual(['/']);
    expect(driver.requests()).toEqual([]);
  });

  it('asks before a navigation leaves a new mute half written, and goes on once confirmed', async () => {
    const driver = await start({ mute: null, customerId: CUSTOMER });
    await driver.send({ type: 'change-condition', key: 1, changes: { value: 'backup job' } });
    await driver.send({ type: 'leave-requested', to: '/alerts', replace: false });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    expect(driver.history()).toEqual(['/']);
    await driver.send({ type: 'confirm-leave' });
    expect(driver.history()).toEqual(['/', '/alerts']);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('closed');
    expect(driver.closed()).toBe(1);
  });

  it('lets a navigation through at once when the form is clean', async () => {
    const driver = await start({ mute: EXPIRED });
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'leave-requested', to: '/alerts/5', replace: true });
    expect(driver.history()).toEqual(['/alerts/5']);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('expired');
  });
});

describe("mute lifecycle: another mute or a new one asked for over the panel, on the mutes page's hook", () => {
  const otherMute = { kind: 'mute' as const, mute: OTHER };

  it('asks over unsaved changes: stay keeps the form as it was, leave hands the panel over unsaved', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'change', changes: { description: 'Half written' } });
    await driver.send({ type: 'open-requested', opening: otherMute });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    expect(driver.opened).toEqual([]);

    await driver.send({ type: 'stay' });
    const kept = driver.actor.getSnapshot();
    expect(selectPanelState(kept)).toBe('editing');
    expect(kept.context.draft.description).toBe('Half written');
    expect(kept.context.opening).toBeNull();
    expect(driver.opened).toEqual([]);

    await driver.send({ type: 'open-requested', opening: { kind: 'new' } });
    await driver.send({ type: 'confirm-leave' });
    expect(driver.opened).toEqual([{ kind: 'new' }]);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('closed');
    // Handed over, not closed or left: the page stays and nothing is sent.
    expect(driver.closed()).toBe(0);
    expect(driver.history()).toEqual(['/']);
    expect(driver.requests()).toEqual([]);
  });

  it("a half-written new mute asks too, and leaving it does not close the page's panel", async () => {
    const driver = await start({ mute: null, customerId: CUSTOMER });
    await driver.send({ type: 'change-condition', key: 1, changes: { value: 'backup job' } });
    await driver.send({ type: 'open-requested', opening: { kind: 'new' } });
    expect(selectConfirmingLeave(driver.actor.getSnapshot())).toBe(true);
    await driver.send({ type: 'confirm-leave' });
    expect(driver.opened).toEqual([{ kind: 'new' }]);
    expect(driver.closed()).toBe(0);
  });

  it('hands the panel over at once from a clean form and from the details', async () => {
    const editing = await start({ mute: ACTIVE });
    await editing.send({ type: 'edit' });
    await editing.send({ type: 'open-requested', opening: otherMute });
    expect(editing.opened).toEqual([otherMute]);
    expect(selectPanelState(editing.actor.getSnapshot())).toBe('closed');

    const details = await start({ mute: EXPIRED });
    await details.send({ type: 'open-requested', opening: { kind: 'new' } });
    expect(details.opened).toEqual([{ kind: 'new' }]);
    expect(details.history()).toEqual(['/']);
  });

  it('does not ask during a save: the panel moves on once it is saved', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'edit' });
    await driver.send({ type: 'change', changes: { description: 'Updated' } });
    await driver.send({ type: 'save', now: NOW });
    await settleMicrotasks();
    await driver.send({ type: 'open-requested', opening: otherMute });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('saving');
    expect(driver.opened).toEqual([]);
    await driver.play({ type: 'xstate.done.actor.saveMute', output: CHANGED });
    expect(driver.changed).toEqual([{ mute: CHANGED, operation: 'update' }]);
    expect(driver.opened).toEqual([otherMute]);
  });

  it('waits for an unmute under way: its toast and reload come, then the panel moves on', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'unmute' });
    await driver.send({ type: 'confirm-unmute' });
    await settleMicrotasks();
    await driver.send({ type: 'open-requested', opening: otherMute });
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('unmuting');
    expect(driver.opened).toEqual([]);
    await driver.play({ type: 'xstate.done.actor.unmuteMute', output: INACTIVE });
    expect(driver.changed).toEqual([{ mute: INACTIVE, operation: 'unmute' }]);
    expect(driver.toasts().map((t) => t.severity)).toEqual(['success']);
    expect(driver.opened).toEqual([otherMute]);
    expect(selectPanelState(driver.actor.getSnapshot())).toBe('closed');
  });

  it('keeps the mute and its error when the unmute under way fails, and drops what was asked for', async () => {
    const driver = await start({ mute: ACTIVE });
    await driver.send({ type: 'unmute' });
    await driver.send({ type: 'confirm-unmute' });
    await settleMicrotasks();
    await driver.send({ type: 'open-requested', opening: { kind: 'new' } });
    await driver.play({ type: 'xstate.error.actor.unmuteMute', error: BROKEN });
    const snapshot = driver.actor.getSnapshot();
    expect(selectPanelState(snapshot)).toBe('active');
    expect(snapshot.context.opening).toBeNull();
    expect(driver.opened).toEqual([]);
    expect(driver.toasts().map((t) => t.severity)).toEqual(['danger']);
  });

  it('keeps the form and its changes when the save under way is refused, and drops what was asked for', async () => {
    const refused = await start({ mute: ACTIVE });
    await refused.send({ type: 'edit' });
    await refused.send({ type: 'change', changes: { description: 'Updated' } });
    await refused.send({ type: 'save', now: NOW });
    await settleMicrotasks();
    await refused.send({ type: 'open-requested', opening: { kind: 'new' } });
    await refused.play({ type: 'xstate.error.actor.saveMute', error: BAD });
    const snapshot = refused.actor.getSnapshot();
    expect(selectPanelState(snapshot)).toBe('editing');
    expect(snapshot.context.draft.description).toBe('Updated');
    expect(snapshot.context.opening).toBeNull();
    expect(refused.opened).toEqual([]);
    expect(refused.toasts().map((t) => t.severity)).toEqual(['danger']);
  });
});
