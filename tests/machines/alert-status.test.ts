// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { alertStatusMachine, changeAllowed } from '../../machines/alert-status/alert-status.machine.ts';
import { selectDialogOpen } from '../../machines/alert-status/selectors.ts';
import { useAlertStatus } from '../../src/web/features/alerts/detail/use-alert-status.ts';
import type { Alert } from '../../src/web/features/alerts/types.ts';
import { anAlert } from '../helpers/alert-fixture.ts';
import { apiError, freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { describePath, hookPlayer, machineModel, type NetworkOutcomes } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const ALERT: Alert = anAlert({ id: 42 });
const SAVED: Alert = { ...ALERT, version: 4, status: 'closed', allowed_transitions: ['reopened'] };
const FRESH: Alert = {
  ...ALERT,
  version: 5,
  status: 'acknowledged',
  allowed_transitions: ['open', 'closed'],
};

const PATH = '/api/alerts/v1/alerts/{id}' as const;

const EVENTS: AnyEventObject[] = [
  { type: 'open', field: 'status' },
  { type: 'open', field: 'priority' },
  { type: 'choose', change: { status: 'closed' }, comment: 'done' },
  { type: 'choose', change: { status: 'reopened' } },
  { type: 'choose', change: { priority: 'low' } },
  { type: 'cancel' },
  { type: 'reload' },
  { type: 'retry' },
  { type: 'xstate.done.actor.saveAlert', output: SAVED },
  { type: 'xstate.error.actor.saveAlert', error: { code: 'conflict', message: 'changed' } },
  { type: 'xstate.error.actor.saveAlert', error: { code: 'bad_request', message: 'no' } },
  { type: 'xstate.done.actor.loadAlert', output: FRESH },
  { type: 'xstate.error.actor.loadAlert', error: { code: 'internal', message: 'offline' } },
];

const STATUS_OF: Record<string, number> = { conflict: 409, bad_request: 400, internal: 500 };
const failure = (error: { code: string; message: string }) => apiError(STATUS_OF[error.code]!, error.message);

/** The server's answers that make the page's real save and read end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.saveAlert': (event, network) =>
    network.respond('put', PATH, { status: 200, body: event.output }),
  'xstate.error.actor.saveAlert': (event, network) => network.respond('put', PATH, failure(event.error)),
  'xstate.done.actor.loadAlert': (event, network) =>
    network.respond('get', PATH, { status: 200, body: event.output }),
  'xstate.error.actor.loadAlert': (event, network) => network.respond('get', PATH, failure(event.error)),
};

function model() {
  const types = new Set(EVENTS.map((e) => e.type));
  return machineModel(alertStatusMachine, {
    events: EVENTS,
    input: { alert: ALERT },
    filterEvents: (_, e) => types.has(e.type),
  });
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
});

/** The alert page's status hook for ALERT, over a fresh fake network. */
async function start() {
  const network = freshNetwork();
  signIn(network);
  const saved: Alert[] = [];
  const hook = await renderAppHook(() => useAlertStatus(ALERT, (alert) => saved.push(alert)));
  unmounts.push(hook.unmount);
  const { actor, play } = hookPlayer(hook, network, OUTCOMES);
  return { ...hook, network, actor, saved, play };
}

describe("alert status: paths generated from the model, on the alert page's hook and real calls", () => {
  const paths = model().getShortestPaths();

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of ['Idle', 'Choosing', 'Saving', 'Saved', 'Conflict', 'Reloading', 'Failed'])
      expect(values).toContain(`"${v}"`);
  });

  for (const path of paths) {
    it(describePath(path.steps), async () => {
      const driver = await start();
      for (const step of path.steps) {
        const toasts = driver.toasts().length;
        await driver.play(step.event);
        const real = driver.actor.getSnapshot();
        expect(real.value, step.event.type).toEqual(step.state.value);
        expect(real.context, step.event.type).toEqual(step.state.context);
        // The call runs exactly while the machine waits on it.
        expect(driver.network.isWaiting('put', PATH)).toBe(real.matches('Saving'));
        expect(driver.network.isWaiting('get', PATH)).toBe(real.matches('Reloading'));
        if (real.matches('Saving')) {
          const call = driver.network.callsTo('put', PATH).at(-1)!;
          expect(call.params.id).toBe('42');
          expect(call.body).toEqual(
            JSON.parse(
              JSON.stringify({
                version: real.context.alert.version,
                ...real.context.change,
                comment: real.context.comment ?? undefined,
              }),
            ),
          );
        }
        // A failed save says so: 'Unable to update alert 42', with the server's reason.
        const raised = driver.toasts().slice(toasts);
        if (real.matches('Failed') && step.event.type.startsWith('xstate.error.')) {
          expect(raised).toEqual([
            {
              severity: 'danger',
              title: 'Unable to update alert 42',
              message: `Please try again later. ${step.event.error.message}`,
            },
          ]);
        } else expect(raised).toEqual([]);
        // The page shows the alert as the server has it once saved.
        if (real.matches('Saved')) expect(driver.saved.at(-1)).toEqual(real.context.alert);
      }
    });
  }
});

describe("alert status: scenarios on the alert page's hook", () => {
  it('only allowed transitions are accepted', async () => {
    expect(changeAllowed(ALERT, { status: 'closed' })).toBe(true);
    expect(changeAllowed(ALERT, { status: 'reopened' })).toBe(false);
    expect(changeAllowed(ALERT, { priority: 'high' })).toBe(false);
    expect(changeAllowed(ALERT, { priority: 'low' })).toBe(true);
    const driver = await start();
    const signInCalls = driver.network.calls.length;
    await driver.play({ type: 'open', field: 'status' });
    await driver.play({ type: 'choose', change: { status: 'reopened' } });
    expect(driver.actor.getSnapshot().matches('Choosing')).toBe(true);
    expect(driver.network.calls.slice(signInCalls)).toEqual([]);
  });

  it('a 409 conflict offers Reload, which shows the alert as it is now and lets the person choose again', async () => {
    const driver = await start();
    await driver.play({ type: 'open', field: 'status' });
    await driver.play({ type: 'choose', change: { status: 'closed' }, comment: '  checked  ' });
    const [save] = driver.network.callsTo('put', PATH);
    expect(save!.body).toEqual({ version: 3, status: 'closed', comment: 'checked' });
    await driver.play({
      type: 'xstate.error.actor.saveAlert',
      error: { code: 'conflict', message: 'This alert was changed' },
    });
    expect(driver.actor.getSnapshot().matches('Conflict')).toBe(true);
    expect(selectDialogOpen(driver.actor.getSnapshot())).toBe(true);
    expect(driver.toasts()).toEqual([]);
    await driver.play({ type: 'reload' });
    await driver.play({ type: 'xstate.done.actor.loadAlert', output: FRESH });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches('Choosing')).toBe(true);
    expect(snapshot.context.alert.version).toBe(5);
    expect(driver.saved.at(-1)).toEqual(FRESH);
    await driver.play({ type: 'choose', change: { status: 'closed' } });
    expect(driver.network.callsTo('put', PATH).at(-1)!.body).toMatchObject({ version: 5 });
  });

  it('a save that fails otherwise can be retried with the same change', async () => {
    const driver = await start();
    await driver.play({ type: 'open', field: 'priority' });
    await driver.play({ type: 'choose', change: { priority: 'low' } });
    await driver.act(() =>
      driver.network.respond('put', PATH, new Response('upstream down', { status: 500 })),
    );
    await driver.act(() => settleMicrotasks());
    expect(driver.actor.getSnapshot().context.error).toEqual({
      code: 'error',
      message: 'Request failed with status code 500',
      // Not a refusal of a field: the contract's error carries none.
      fields: [],
    });
    await driver.play({ type: 'retry' });
    expect(driver.network.callsTo('put', PATH)).toHaveLength(2);
    await driver.play({
      type: 'xstate.done.actor.saveAlert',
      output: { ...ALERT, priority: 'low', version: 4 },
    });
    expect(driver.actor.getSnapshot().matches('Saved')).toBe(true);
    expect(driver.actor.getSnapshot().context.alert.priority).toBe('low');
  });
});
