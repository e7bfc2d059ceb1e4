import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { isError, selectErrorCount, selectVisibleToasts } from '../../machines/toasts/selectors.ts';
import { AUTO_CLOSE_MS, HISTORY_SIZE, type Notification } from '../../machines/toasts/toasts.context.ts';
import type { ToastsEvent } from '../../machines/toasts/toasts.events.ts';
import { toastsMachine } from '../../machines/toasts/toasts.machine.ts';

type Snapshot = SnapshotFrom<typeof toastsMachine>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const notify = (
  title: string,
  extra: Partial<Extract<ToastsEvent, { type: 'notify' }>> = {},
): ToastsEvent => ({
  type: 'notify',
  title,
  message: `${title} message`,
  timestamp: 1_700_000_000_000,
  ...extra,
});

function start(history?: Notification[]) {
  const actor = createActor(toastsMachine, { input: { history } });
  actor.start();
  return actor;
}

const titles = (snapshot: Snapshot) => snapshot.context.toasts.map((t) => t.title);

// At most 3 notifications per path keeps the graph finite. All auto-closing toasts of the model use
// the default 10000 ms, so the oldest one is always the next to close itself; the model only lets
// time close that one, which is exactly what advancing the real clock does.
const MAX_NOTIFICATIONS = 3;

/** closedBy 'hand': toasts close only by hand; 'time': auto-closing toasts close only by time. */
function modelClosedBy(closedBy: 'hand' | 'time') {
  return createTestModel(toastsMachine, {
    events: (snapshot: Snapshot) => [
      notify('Saved', { severity: 'success' }),
      notify('Failed', { severity: 'danger', autoClose: false }),
      ...snapshot.context.toasts.flatMap((t): ToastsEvent[] => [
        { type: 'close', id: t.id },
        { type: 'auto-close', id: t.id },
      ]),
    ],
    filterEvents: (snapshot: Snapshot, event: ToastsEvent) => {
      if (event.type === 'notify') return snapshot.context.nextId <= MAX_NOTIFICATIONS;
      if (event.type === 'auto-close') {
        return (
          closedBy === 'time' && snapshot.context.toasts.find((t) => t.autoClose !== false)?.id === event.id
        );
      }
      if (event.type === 'close') {
        return (
          closedBy === 'hand' || snapshot.context.toasts.find((t) => t.id === event.id)?.autoClose === false
        );
      }
      return true;
    },
  });
}

for (const closedBy of ['hand', 'time'] as const) {
  describe(`toasts machine, paths generated from the model (closed by ${closedBy})`, () => {
    const paths = modelClosedBy(closedBy).getShortestPaths();

    it('reaches hosted and unhosted states with several toasts open', () => {
      const states = paths.flatMap((p) => p.steps.map((s) => s.state));
      expect(states.some((s) => s.matches('Hosted') && s.context.toasts.length === MAX_NOTIFICATIONS)).toBe(
        true,
      );
      expect(
        states.some((s) => s.matches('Unhosted') && s.context.history.length === MAX_NOTIFICATIONS),
      ).toBe(true);
      const events = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
      expect(events.has(closedBy === 'hand' ? 'close' : 'auto-close')).toBe(true);
    });

    for (const path of paths) {
      it(path.description, async () => {
        const actor = start();
        const createdAt = new Map<string, number>();
        await path.test({
          events: {
            'host-mounted': () => actor.send({ type: 'host-mounted' }),
            'host-gone': () => actor.send({ type: 'host-gone' }),
            notify: ({ event }) => {
              // Distinct creation times, so deadlines never tie.
              vi.advanceTimersByTime(1);
              createdAt.set(`n${actor.getSnapshot().context.nextId}`, Date.now());
              actor.send(event as ToastsEvent);
            },
            close: ({ event }) => actor.send(event as ToastsEvent),
            // Time passes until this toast's own deadline; the real timer closes it.
            'auto-close': ({ event }) => {
              const { id } = event as Extract<ToastsEvent, { type: 'auto-close' }>;
              vi.advanceTimersByTime(createdAt.get(id)! + AUTO_CLOSE_MS - Date.now());
            },
          },
          states: {
            '*': (state: Snapshot) => {
              const snapshot = actor.getSnapshot();
              expect(snapshot.value).toEqual(state.value);
              expect(snapshot.context).toEqual(state.context);
            },
          },
        });
        actor.stop();
      });
    }
  });
}

describe('toasts machine, scenarios', () => {
  it('a toast closes itself after 10000 ms by default', () => {
    const actor = start();
    actor.send({ type: 'host-mounted' });
    actor.send(notify('Saved'));
    expect(titles(actor.getSnapshot())).toEqual(['Saved']);
    expect(actor.getSnapshot().context.toasts[0]!.severity).toBe('info');
    vi.advanceTimersByTime(9_999);
    expect(titles(actor.getSnapshot())).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(titles(actor.getSnapshot())).toEqual([]);
    // It stays in the history.
    expect(actor.getSnapshot().context.history.map((n) => n.title)).toEqual(['Saved']);
  });

  it('honours a per-toast auto-close time, and false keeps the toast', () => {
    const actor = start();
    actor.send({ type: 'host-mounted' });
    actor.send(notify('Quick', { autoClose: 3_000 }));
    actor.send(notify('Sticky', { autoClose: false }));
    vi.advanceTimersByTime(3_000);
    expect(titles(actor.getSnapshot())).toEqual(['Sticky']);
    vi.advanceTimersByTime(60 * 60_000);
    expect(titles(actor.getSnapshot())).toEqual(['Sticky']);
  });

  it('closing by hand cancels the auto-close', () => {
    const actor = start();
    actor.send({ type: 'host-mounted' });
    actor.send(notify('First'));
    const id = actor.getSnapshot().context.toasts[0]!.id;
    actor.send({ type: 'close', id });
    actor.send(notify('Second'));
    vi.advanceTimersByTime(AUTO_CLOSE_MS - 1);
    expect(titles(actor.getSnapshot())).toEqual(['Second']);
  });

  it('the area shows the last 4 toasts', () => {
    const actor = start();
    actor.send({ type: 'host-mounted' });
    for (const title of ['1', '2', '3', '4', '5', '6']) actor.send(notify(title, { autoClose: false }));
    expect(selectVisibleToasts(actor.getSnapshot()).map((t) => t.title)).toEqual(['3', '4', '5', '6']);
    actor.send({ type: 'close', id: actor.getSnapshot().context.toasts.at(-1)!.id });
    expect(selectVisibleToasts(actor.getSnapshot()).map((t) => t.title)).toEqual(['2', '3', '4', '5']);
  });

  it('toasts go away with their host; notifications without a host only reach the history', () => {
    const actor = start();
    actor.send({ type: 'host-mounted' });
    actor.send(notify('Shown'));
    actor.send({ type: 'host-gone' });
    expect(titles(actor.getSnapshot())).toEqual([]);
    actor.send(notify('Unseen'));
    actor.send({ type: 'host-mounted' });
    expect(titles(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().context.history.map((n) => n.title)).toEqual(['Shown', 'Unseen']);
    vi.advanceTimersByTime(AUTO_CLOSE_MS);
    expect(actor.getSnapshot().context.history).toHaveLength(2);
  });

  it('keeps the last 20 notifications and continues numbering after a restored history', () => {
    const actor = start();
    for (let i = 1; i <= 25; i++) actor.send(notify(`N${i}`, { user: 'ana@example.com' }));
    const { history } = actor.getSnapshot().context;
    expect(history).toHaveLength(HISTORY_SIZE);
    expect(history[0]!.title).toBe('N6');
    expect(history[0]!.user).toBe('ana@example.com');

    const restored = start(history);
    restored.send(notify('Next'));
    expect(restored.getSnapshot().context.history.at(-1)!.id).toBe('n26');
  });

  it('danger counts as an error', () => {
    const actor = start();
    actor.send(notify('Oops', { severity: 'danger' }));
    actor.send(notify('Careful', { severity: 'warning' }));
    expect(selectErrorCount(actor.getSnapshot())).toBe(1);
    expect(isError({ severity: 'danger' })).toBe(true);
    expect(isError({ severity: 'warning' })).toBe(false);
  });
});
