// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  selectConfirmingLeave,
  selectDirty,
  selectPanelState,
} from '../../machines/mute-lifecycle/selectors.ts';
import { start, stopAll } from './mute-lifecycle-driver.ts';
import { ACTIVE, CUSTOMER, EXPIRED } from './mute-lifecycle-network.ts';

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
