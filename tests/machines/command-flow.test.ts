// @vitest-environment happy-dom

import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { CommandChoice } from '../../machines/command-flow/command-flow.context.ts';
import { commandFlowMachine } from '../../machines/command-flow/command-flow.machine.ts';
import {
  selectArguing,
  selectBusy,
  selectConfirming,
  selectDone,
  selectFailure,
} from '../../machines/command-flow/selectors.ts';
import { describePath, machineModel } from '../helpers/machine-model.ts';
import {
  ALERT,
  ALERT_PATH,
  BULK,
  FALSE_POSITIVE,
  FIELDS,
  GO_ALERTS,
  IDS,
  MUTE_1D,
  MUTE_WAITING,
  MUTED,
  MUTES,
  NOT_MUTED,
  outcomeFits,
  PRIORITY_HIGH,
  startFlow,
  UPDATED,
} from './command-flow-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
});

async function start() {
  const driver = await startFlow();
  unmounts.push(driver.unmount);
  return driver;
}

/** Waits for a run's requests: they go once the command's runner (a chunk of its own) has loaded. */
const sent = (driver: Awaited<ReturnType<typeof start>>, requests: number) =>
  waitFor(() => expect(driver.waiting()).toBe(requests));

const EVENTS: AnyEventObject[] = [
  { type: 'choose', choice: MUTE_WAITING },
  { type: 'choose', choice: PRIORITY_HIGH },
  { type: 'choose', choice: FALSE_POSITIVE },
  { type: 'argue', choice: MUTE_WAITING },
  { type: 'argue', choice: MUTE_1D },
  { type: 'confirm' },
  { type: 'cancel' },
  { type: 'retry' },
  { type: 'reset' },
  { type: 'xstate.done.actor.run', output: UPDATED },
  { type: 'xstate.done.actor.run', output: MUTED },
  { type: 'xstate.done.actor.run', output: NOT_MUTED },
  { type: 'xstate.error.actor.run', error: { name: 'ApiError', message: 'Database unavailable' } },
];

const paths = machineModel(commandFlowMachine, {
  events: EVENTS,
  input: undefined,
  // A run ends only while running, the way its command can end.
  filterEvents: (snapshot, event) =>
    !event.type.startsWith('xstate.') ||
    (snapshot.matches('Running') && outcomeFits(event, snapshot.context.choice)),
}).getShortestPaths();

const detail = (event: AnyEventObject) => {
  const chosen = event.choice as CommandChoice | undefined;
  if (chosen) return `${chosen.id} [${chosen.args.join(' ')}]`;
  return event.output?.summary ?? event.error?.message ?? '';
};

/** The toast a finished run raises: its summary, as a success or, when every item failed, a failure. */
const toastOf = (summary: string) =>
  summary.includes('failed')
    ? { severity: 'danger', title: 'Failed', message: summary }
    : { severity: 'success', title: 'Done', message: summary };

describe('command flow: paths generated from the model, on the palette’s hook and real runs', () => {
  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...values].sort()).toEqual(['Arguing', 'Choosing', 'Confirming', 'Done', 'Failed', 'Running']);
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps, detail)}`, async () => {
      const driver = await start();
      for (const step of path.steps) {
        const { event, state: model } = step;
        const runs = driver.runs();
        const toasts = driver.toasts().length;
        const refreshed = driver.refreshed();
        await driver.play(event);
        const real = driver.actor.getSnapshot();
        expect(real.value, event.type).toEqual(model.value);
        expect(real.context, event.type).toEqual(model.context);
        // What the palette reads from the hook.
        const seen = driver.result.current;
        expect([seen.state, seen.choice, seen.error]).toEqual([
          model.value,
          model.context.choice,
          model.context.error,
        ]);
        expect(selectBusy(real)).toBe(real.matches('Running'));
        // The run's requests wait exactly while the flow is running (sent once the command's
        // runner, its own chunk, is loaded).
        const muting = real.context.choice?.id === 'alerts.mute';
        const expected = real.matches('Running') ? (muting ? IDS.length : 1) : 0;
        await waitFor(() => expect(driver.waiting()).toBe(expected));
        // A run starts only for a complete command, a destructive one only right after confirming.
        if (driver.runs() > runs) {
          expect(driver.runs()).toBe(runs + 1);
          const ran = real.context.choice!;
          expect(ran.complete).toBe(true);
          if (ran.destructive) expect(['confirm', 'retry']).toContain(event.type);
          if (!muting)
            expect(driver.network.callsTo('put', BULK).at(-1)!.body).toEqual({
              ids: IDS,
              fields: FIELDS[ran.id],
            });
        }
        // A finished run says so in a toast and reloads the screen; nothing else raises one.
        const finished = event.type === 'xstate.done.actor.run';
        expect(driver.toasts().slice(toasts)).toEqual(finished ? [toastOf(event.output.summary)] : []);
        expect(driver.refreshed()).toBe(refreshed + (finished ? 1 : 0));
      }
    });
  });
});

describe('command flow: scenarios on the palette’s hook', () => {
  it('a command without arguments that changes nothing irreversible runs at once', async () => {
    const driver = await start();
    await driver.play({ type: 'choose', choice: PRIORITY_HIGH });
    await sent(driver, 1);
    expect(driver.network.callsTo('put', BULK).map((c) => c.body)).toEqual([
      { ids: IDS, fields: { priority: 'high' } },
    ]);
    await driver.play({ type: 'xstate.done.actor.run', output: UPDATED });
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
    expect(driver.actor.getSnapshot().context.outcome).toEqual(UPDATED);
    expect(driver.toasts()).toEqual([{ severity: 'success', title: 'Done', message: 'Updated 3 alerts' }]);
  });

  it('a navigation command goes to its screen at once, without the server', async () => {
    const driver = await start();
    const calls = driver.network.calls.length;
    await driver.play({ type: 'choose', choice: GO_ALERTS });
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
    expect(driver.actor.getSnapshot().context.outcome).toEqual({ summary: null });
    expect(driver.history().at(-1)).toBe('/alerts');
    expect(driver.network.calls.slice(calls)).toEqual([]);
  });

  it('>mute waits for its argument, then asks before it mutes each alert for a day', async () => {
    const driver = await start();
    await driver.play({ type: 'choose', choice: MUTE_WAITING });
    expect(selectArguing(driver.actor.getSnapshot())).toEqual(MUTE_WAITING);
    await driver.play({ type: 'argue', choice: MUTE_1D });
    expect(selectConfirming(driver.actor.getSnapshot())).toEqual(MUTE_1D);
    expect(driver.runs()).toBe(0);
    await driver.play({ type: 'confirm' });
    await sent(driver, IDS.length);
    expect(driver.network.callsTo('get', ALERT_PATH).map((c) => c.params.id)).toEqual(['11', '12', '13']);
    await driver.play({ type: 'xstate.done.actor.run', output: MUTED });
    const made = driver.network.callsTo('post', MUTES).map((c) => c.body);
    expect(made.map((m) => m.source_alert_id)).toEqual(IDS);
    expect(made[0]).toEqual({
      customer_id: ALERT.customer_id,
      conditions: [
        { field: 'title', operator: 'equals', value: ALERT.title },
        { field: 'host_name', operator: 'equals', value: ALERT.host_name },
      ],
      description: 'Muted from alert #11 in the command palette',
      ttl_seconds: 86_400,
      source_alert_id: 11,
    });
    expect(driver.toasts()).toEqual([{ severity: 'success', title: 'Done', message: 'Muted 3 alerts' }]);
  });

  it('cancelling the confirmation runs nothing and goes back to choosing', async () => {
    const driver = await start();
    await driver.play({ type: 'choose', choice: FALSE_POSITIVE });
    expect(selectConfirming(driver.actor.getSnapshot())?.count).toBe(3);
    await driver.play({ type: 'cancel' });
    expect(driver.actor.getSnapshot().value).toBe('Choosing');
    expect(driver.actor.getSnapshot().context.choice).toBeNull();
    expect(driver.runs()).toBe(0);
  });

  it('a failed run keeps the server’s message and can be retried', async () => {
    const driver = await start();
    await driver.play({ type: 'choose', choice: PRIORITY_HIGH });
    await sent(driver, 1);
    await driver.act(() =>
      driver.network.respond('put', BULK, new Response('upstream down', { status: 500 })),
    );
    await driver.act(() => Promise.resolve());
    expect(selectFailure(driver.actor.getSnapshot())).toBe('Request failed with status code 500');
    expect(driver.result.current.error).toBe('Request failed with status code 500');
    await driver.play({ type: 'retry' });
    await sent(driver, 1);
    expect(driver.network.callsTo('put', BULK)).toHaveLength(2);
    expect(driver.network.callsTo('put', BULK)[1]!.body).toEqual({ ids: IDS, fields: { priority: 'high' } });
    await driver.play({ type: 'xstate.done.actor.run', output: UPDATED });
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
  });

  it('a partly refused update is done, and the toast names the alerts that failed', async () => {
    const driver = await start();
    await driver.play({ type: 'choose', choice: FALSE_POSITIVE });
    await driver.play({ type: 'confirm' });
    await sent(driver, 1);
    await driver.act(() =>
      driver.network.respond('put', BULK, {
        status: 200,
        body: {
          updated: [{ id: 11, version: 4 }],
          failed: [{ id: 12, code: 'conflict', message: 'Changed since it was read' }],
        },
      }),
    );
    await driver.act(() => Promise.resolve());
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
    expect(driver.toasts()).toEqual([
      {
        severity: 'warning',
        title: 'Done, with failures',
        message: 'Updated 1 alert\n1 failed: #12 Changed since it was read',
      },
    ]);
    expect(driver.refreshed()).toBe(1);
    expect(driver.result.current.snapshot.context.outcome?.summary).toContain('#12');
  });
});
