import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import type { CommandChoice, CommandOutcome } from '../../machines/command-flow/command-flow.context.ts';
import { commandFlowMachine } from '../../machines/command-flow/command-flow.machine.ts';
import {
  selectArguing,
  selectBusy,
  selectConfirming,
  selectDone,
  selectFailure,
} from '../../machines/command-flow/selectors.ts';
import { machineModel } from '../helpers/machine-model.ts';

const choice = (
  id: string,
  args: string[],
  complete: boolean,
  destructive = false,
  count = 3,
): CommandChoice => ({
  id,
  args,
  complete,
  destructive,
  count,
});

const MUTE_WAITING = choice('alerts.mute', [], false);
const MUTE_1D = choice('alerts.mute', ['1d'], true, true);
const PRIORITY_HIGH = choice('alerts.priority', ['high'], true);
const FALSE_POSITIVE = choice('alerts.false-positive', [], true, true);
const GO_ALERTS = choice('go.alerts', [], true, false, 0);
const OUTCOME: CommandOutcome = { summary: 'Updated 3 alerts' };

const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'choose', choice: MUTE_WAITING },
  { type: 'choose', choice: PRIORITY_HIGH },
  { type: 'choose', choice: FALSE_POSITIVE },
  { type: 'choose', choice: GO_ALERTS },
  { type: 'argue', choice: MUTE_WAITING },
  { type: 'argue', choice: MUTE_1D },
  { type: 'confirm' },
  { type: 'cancel' },
  { type: 'retry' },
  { type: 'reset' },
  { type: 'xstate.done.actor.run', output: OUTCOME },
  {
    type: 'xstate.error.actor.run',
    error: { name: 'Error', message: 'Request failed with status code 500' },
  },
];

function flowModel() {
  return machineModel(commandFlowMachine, {
    events: MODEL_EVENTS,
    input: undefined,
    filterEvents: (snapshot, event) => !event.type.startsWith('xstate.') || snapshot.matches('Running'),
  });
}

interface Run {
  input: CommandChoice;
  resolve(value: CommandOutcome): void;
  reject(error: unknown): void;
}

function drive() {
  const runs: Run[] = [];
  const machine = commandFlowMachine.provide({
    actors: {
      run: fromPromise<CommandOutcome, CommandChoice>(
        ({ input }) => new Promise((resolve, reject) => runs.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine).start();
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  async function play(event: AnyEventObject) {
    const settled = /^xstate\.(done|error)\.actor\.run$/.exec(event.type);
    if (settled) {
      const run = runs.at(-1)!;
      if (settled[1] === 'done') run.resolve((event as unknown as { output: CommandOutcome }).output);
      else run.reject(new Error((event as unknown as { error: { message: string } }).error.message));
    } else actor.send(event as never);
    await flush();
  }
  return { actor, runs, play, flush };
}

const describePath = (steps: { event: AnyEventObject; state: { value: unknown } }[]) =>
  steps
    .map((s) => {
      const id = (s.event as { choice?: CommandChoice }).choice;
      return `${s.event.type.replace('xstate.', '')}${id ? ` ${id.id} [${id.args.join(' ')}]` : ''} → ${String(s.state.value)}`;
    })
    .join(', ') || 'start';

describe('command flow machine: shortest paths of its model', () => {
  const paths = flowModel().getShortestPaths();

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...values].sort()).toEqual(['Arguing', 'Choosing', 'Confirming', 'Done', 'Failed', 'Running']);
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps)}`, async () => {
      const driver = drive();
      for (const step of path.steps) {
        const runsBefore = driver.runs.length;
        await driver.play(step.event);
        const snapshot = driver.actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context, step.event.type).toEqual(step.state.context);
        // A destructive command never runs without the confirmation right before.
        if (driver.runs.length > runsBefore) {
          const ran = driver.runs.at(-1)!.input;
          expect(ran.complete).toBe(true);
          if (ran.destructive) expect(['confirm', 'retry']).toContain(step.event.type);
        }
        expect(selectBusy(snapshot)).toBe(snapshot.matches('Running'));
      }
      driver.actor.stop();
    });
  });
});

describe('command flow machine: scenarios', () => {
  it('a command without arguments that changes nothing irreversible runs at once', async () => {
    const driver = drive();
    driver.actor.send({ type: 'choose', choice: PRIORITY_HIGH });
    expect(driver.runs.map((r) => r.input)).toEqual([PRIORITY_HIGH]);
    driver.runs[0]!.resolve(OUTCOME);
    await driver.flush();
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
    expect(driver.actor.getSnapshot().context.outcome).toEqual(OUTCOME);
  });

  it('>mute waits for its argument, then asks before it runs', async () => {
    const driver = drive();
    driver.actor.send({ type: 'choose', choice: MUTE_WAITING });
    expect(selectArguing(driver.actor.getSnapshot())).toEqual(MUTE_WAITING);
    driver.actor.send({ type: 'argue', choice: MUTE_1D });
    expect(selectConfirming(driver.actor.getSnapshot())).toEqual(MUTE_1D);
    expect(driver.runs).toHaveLength(0);
    driver.actor.send({ type: 'confirm' });
    expect(driver.runs.map((r) => r.input.args)).toEqual([['1d']]);
  });

  it('cancelling the confirmation runs nothing and goes back to choosing', () => {
    const driver = drive();
    driver.actor.send({ type: 'choose', choice: FALSE_POSITIVE });
    expect(selectConfirming(driver.actor.getSnapshot())?.count).toBe(3);
    driver.actor.send({ type: 'cancel' });
    expect(driver.actor.getSnapshot().value).toBe('Choosing');
    expect(driver.actor.getSnapshot().context.choice).toBeNull();
    expect(driver.runs).toHaveLength(0);
  });

  it('a failed run keeps its message and can be retried', async () => {
    const driver = drive();
    driver.actor.send({ type: 'choose', choice: PRIORITY_HIGH });
    driver.runs[0]!.reject(new Error('Request failed with status code 500'));
    await driver.flush();
    expect(selectFailure(driver.actor.getSnapshot())).toBe('Request failed with status code 500');
    driver.actor.send({ type: 'retry' });
    expect(driver.runs).toHaveLength(2);
    expect(driver.runs[1]!.input).toEqual(PRIORITY_HIGH);
    driver.runs[1]!.resolve(OUTCOME);
    await driver.flush();
    expect(selectDone(driver.actor.getSnapshot())).toBe(true);
  });
});
