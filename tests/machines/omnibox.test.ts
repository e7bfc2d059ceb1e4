// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { DEBOUNCE_MS } from '../../machines/omnibox/omnibox.context.ts';
import { omniboxMachine } from '../../machines/omnibox/omnibox.machine.ts';
import { selectGroups, selectLoading, selectThreatCard } from '../../machines/omnibox/selectors.ts';
import { describePath, machineModel } from '../helpers/machine-model.ts';
import {
  INVALID,
  OMNIBOX,
  type OmniboxSnapshot,
  SUGGESTIONS,
  startOmnibox,
  suggestion,
  THREAT,
  verdict,
} from './omnibox-network.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));
// The omnibox hook keeps its actor inside: note it, to compare it with the model.
vi.mock('@xstate/react', async (original) =>
  (await import('../helpers/made-actors.ts')).recordingActors(await original()),
);

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function start(options: { customers?: string[] } = {}) {
  const driver = await startOmnibox(options);
  unmounts.push(driver.unmount);
  return driver;
}

/** Keystrokes, the debounce running out (both regions' timers) and every answer of the server. */
const EVENTS: AnyEventObject[] = [
  { type: 'type', query: 'SRV-DC' },
  { type: 'type', query: '185.220.101.4' },
  { type: 'type', query: '>status' },
  { type: 'type', query: '' },
  { type: 'clear' },
  { type: 'xstate.after.DEBOUNCE' },
  { type: 'xstate.done.actor.search', output: SUGGESTIONS },
  { type: 'xstate.error.actor.search', error: { name: 'AbortError', message: 'The operation was aborted.' } },
  { type: 'xstate.error.actor.search', error: { name: 'Error', message: INVALID } },
  { type: 'xstate.done.actor.lookupThreat', output: verdict('B') },
  { type: 'xstate.done.actor.lookupThreat', output: verdict('U', 0) },
  { type: 'xstate.error.actor.lookupThreat', error: { name: 'ApiError', message: 'Threat service down' } },
];

const paths = machineModel(omniboxMachine, {
  events: EVENTS,
  input: undefined,
  sharedClock: true,
  filterEvents: (snapshot, event) => {
    // A keystroke changes the text; the same text again is not a keystroke.
    if (event.type === 'type') return event.query !== snapshot.context.query;
    if (event.type === 'xstate.after.DEBOUNCE')
      return snapshot.matches({ Search: 'Debouncing' }) || snapshot.matches({ Threat: 'Waiting' });
    if (event.type.includes('actor.search')) return snapshot.matches({ Search: 'Searching' });
    if (event.type.includes('actor.lookupThreat')) return snapshot.matches({ Threat: 'Looking' });
    return true;
  },
}).getShortestPaths();

const detail = (event: AnyEventObject) =>
  event.type === 'type'
    ? JSON.stringify(event.query)
    : (event.error?.message ?? event.output?.det ?? (event.output ? 'answer' : ''));

describe('omnibox: paths generated from the model, on the palette’s hook and real calls', () => {
  it('reaches every state of both regions', () => {
    const states = paths.flatMap((p) => p.steps.map((s) => s.state));
    for (const search of ['Idle', 'Debouncing', 'Searching', 'Showing', 'Aborted', 'Error'])
      expect(
        states.some((s) => s.matches({ Search: search })),
        search,
      ).toBe(true);
    for (const threat of ['None', 'Waiting', 'Looking', 'Card', 'Hidden'])
      expect(
        states.some((s) => s.matches({ Threat: threat })),
        threat,
      ).toBe(true);
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps, detail)}`, async () => {
      const driver = await start();
      for (const step of path.steps) {
        const { event } = step;
        const model = step.state as unknown as OmniboxSnapshot;
        const searches = driver.network.callsTo('get', OMNIBOX).length;
        const logged = driver.logged().length;
        await driver.play(event);
        const real = driver.actor.getSnapshot();
        expect(real.value, event.type).toEqual(model.value);
        expect(real.context, event.type).toEqual(model.context);
        // What the person sees: the grouped suggestions, the spinner, the threat card.
        const seen = driver.result.current;
        expect(seen.groups).toEqual(selectGroups(model));
        expect(seen.loading).toBe(selectLoading(model));
        expect(seen.loading).toBe(real.matches({ Search: 'Searching' }));
        expect(seen.threat).toEqual(selectThreatCard(model));
        expect(seen.threat?.det ?? 'none').not.toBe('U');
        // Only the newest search is in flight: an older one was aborted when a newer started.
        expect(driver.searchesWaiting()).toBe(real.matches({ Search: 'Searching' }) ? 1 : 0);
        const started = driver.network.callsTo('get', OMNIBOX).length - searches;
        const searchStarts = event.type === 'xstate.after.DEBOUNCE' && real.matches({ Search: 'Searching' });
        expect(started).toBe(searchStarts ? 1 : 0);
        if (real.matches({ Search: 'Searching' })) {
          const call = driver.network.callsTo('get', OMNIBOX).at(-1)!;
          expect(call.query.get('query')).toBe(real.context.query.trim());
          expect(call.query.getAll('customer_ids')).toEqual([]);
        }
        expect(driver.network.isWaiting('get', THREAT)).toBe(real.matches({ Threat: 'Looking' }));
        if (real.matches({ Threat: 'Looking' }))
          expect(driver.network.callsTo('get', THREAT).at(-1)!.params).toEqual(real.context.indicator);
        // Only a failure that is not an abort is logged, with its message.
        const failed = event.type.startsWith('xstate.error') && event.error.name !== 'AbortError';
        expect(driver.logged().slice(logged)).toEqual(failed ? [event.error.message] : []);
      }
    });
  });
});

describe('omnibox: scenarios on the palette’s hook', () => {
  it('searches exactly 500 ms after the last keystroke', async () => {
    const driver = await start();
    await driver.type('S');
    await driver.advance(300);
    await driver.type('SRV');
    await driver.advance(DEBOUNCE_MS - 1);
    expect(driver.network.callsTo('get', OMNIBOX)).toHaveLength(0);
    expect(driver.actor.getSnapshot().matches({ Search: 'Debouncing' })).toBe(true);
    expect(driver.result.current.loading).toBe(false);
    await driver.advance(1);
    expect(driver.network.callsTo('get', OMNIBOX).map((c) => c.query.get('query'))).toEqual(['SRV']);
    expect(driver.result.current.loading).toBe(true);
  });

  it('a newer search aborts the older one, whose answer never comes', async () => {
    const driver = await start();
    await driver.type('SRV');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.isWaiting('get', OMNIBOX)).toBe(true);
    await driver.type('SRV-DC');
    // The older request was aborted: it no longer waits, and nothing is logged for it.
    expect(driver.network.isWaiting('get', OMNIBOX)).toBe(false);
    await driver.advance(DEBOUNCE_MS);
    const calls = driver.network.callsTo('get', OMNIBOX);
    expect(calls.map((c) => c.query.get('query'))).toEqual(['SRV', 'SRV-DC']);
    expect(driver.searchesWaiting()).toBe(1);
    await driver.play({ type: 'xstate.done.actor.search', output: SUGGESTIONS });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches({ Search: 'Showing' })).toBe(true);
    expect(snapshot.context.searchedQuery).toBe('SRV-DC');
    expect(driver.result.current.groups).toEqual([
      { category: 'agents', items: [SUGGESTIONS[1]] },
      { category: 'alerts', items: [SUGGESTIONS[0]] },
    ]);
    expect(driver.logged()).toEqual([]);
  });

  it('ignores an aborted request: loading ends, nothing is logged, earlier suggestions stay', async () => {
    const driver = await start();
    await driver.type('SRV');
    await driver.advance(DEBOUNCE_MS);
    await driver.play({ type: 'xstate.done.actor.search', output: SUGGESTIONS });
    await driver.type('SRV-');
    await driver.advance(DEBOUNCE_MS);
    await driver.play({ type: 'xstate.error.actor.search', error: { name: 'AbortError' } });
    expect(driver.actor.getSnapshot().matches({ Search: 'Aborted' })).toBe(true);
    expect(driver.result.current.loading).toBe(false);
    expect(driver.logged()).toEqual([]);
    expect(driver.result.current.groups.flatMap((g) => g.items)).toHaveLength(2);
  });

  it('logs an invalid answer, a failing server or network, and loading ends each time', async () => {
    const driver = await start();
    await driver.type('SRV');
    await driver.advance(DEBOUNCE_MS);
    await driver.act(() => driver.network.respond('get', OMNIBOX, new Response(null, { status: 204 })));
    expect(driver.actor.getSnapshot().matches({ Search: 'Error' })).toBe(true);
    expect(driver.result.current.loading).toBe(false);
    await driver.type('SRV-D');
    await driver.advance(DEBOUNCE_MS);
    await driver.act(() =>
      driver.network.respond('get', OMNIBOX, {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Query too long' } },
      }),
    );
    await driver.type('SRV-DC');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.result.current.loading).toBe(true);
    await driver.act(() => driver.network.fail('get', OMNIBOX));
    expect(driver.result.current.loading).toBe(false);
    expect(driver.logged()).toEqual([INVALID, 'Query too long', 'Failed to fetch']);
  });

  it('does not search for a blank text or a > command, and clearing empties the list', async () => {
    const driver = await start();
    await driver.type('   ');
    await driver.type('>status closed');
    await driver.advance(DEBOUNCE_MS * 4);
    expect(driver.network.callsTo('get', OMNIBOX)).toHaveLength(0);
    expect(driver.actor.getSnapshot().matches({ Search: 'Idle' })).toBe(true);
    await driver.type('WS-FIN');
    await driver.advance(DEBOUNCE_MS);
    await driver.play({ type: 'xstate.done.actor.search', output: SUGGESTIONS });
    expect(driver.result.current.groups).toHaveLength(2);
    await driver.play({ type: 'clear' });
    expect(driver.actor.getSnapshot().context).toMatchObject({
      query: '',
      suggestions: [],
      searchedQuery: null,
    });
    expect(driver.result.current.groups).toEqual([]);
  });

  it('groups suggestions by category in a fixed order', async () => {
    const driver = await start();
    await driver.type('acme');
    await driver.advance(DEBOUNCE_MS);
    await driver.play({
      type: 'xstate.done.actor.search',
      output: [
        suggestion('update:1', 'updates'),
        suggestion('alert:1', 'alerts'),
        suggestion('customer:1', 'customers'),
        suggestion('alert:2', 'alerts'),
      ],
    });
    const { groups } = driver.result.current;
    expect(groups.map((g) => g.category)).toEqual(['customers', 'alerts', 'updates']);
    expect(groups[1]!.items.map((i) => i.id)).toEqual(['alert:1', 'alert:2']);
  });

  it('sends the customer filter’s selection, only when one is active', async () => {
    const driver = await start({ customers: ['00000000-0000-4000-8000-00000000ac01'] });
    await driver.type('acme');
    await driver.advance(DEBOUNCE_MS);
    await driver.act(() => driver.result.current.filter.clear());
    await driver.type('acme corp');
    await driver.advance(DEBOUNCE_MS);
    const calls = driver.network.callsTo('get', OMNIBOX);
    expect(calls.map((c) => c.query.getAll('customer_ids'))).toEqual([
      ['00000000-0000-4000-8000-00000000ac01'],
      [],
    ]);
  });

  it('looks up an IP, domain or hash longer than 5 characters after the pause; B shows the card, U hides it', async () => {
    const driver = await start();
    await driver.type('1.2.3');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.callsTo('get', THREAT)).toHaveLength(0);

    await driver.type('185.220.101.4');
    await driver.advance(DEBOUNCE_MS - 1);
    expect(driver.network.callsTo('get', THREAT)).toHaveLength(0);
    await driver.advance(1);
    expect(driver.network.callsTo('get', THREAT).map((c) => c.params)).toEqual([
      { kind: 'ip', value: '185.220.101.4' },
    ]);
    await driver.play({ type: 'xstate.done.actor.lookupThreat', output: verdict('B') });
    expect(driver.result.current.threat).toEqual(verdict('B'));

    await driver.type('unknown-site.example');
    expect(driver.result.current.threat).toBeNull();
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.callsTo('get', THREAT).at(-1)!.params).toEqual({
      kind: 'domain',
      value: 'unknown-site.example',
    });
    await driver.play({
      type: 'xstate.done.actor.lookupThreat',
      output: { ...verdict('U', 0), kind: 'domain', value: 'unknown-site.example' },
    });
    expect(driver.actor.getSnapshot().matches({ Threat: 'Hidden' })).toBe(true);
    expect(driver.result.current.threat).toBeNull();

    await driver.type('d41d8cd98f00b204e9800998ecf8427e');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.callsTo('get', THREAT).at(-1)!.params.kind).toBe('file');
  });

  it('keeps the card when only surrounding spaces change, and asks once per indicator', async () => {
    const driver = await start();
    await driver.type('185.220.101.4');
    await driver.advance(DEBOUNCE_MS);
    await driver.play({ type: 'xstate.done.actor.lookupThreat', output: verdict('B') });
    await driver.type('185.220.101.4 ');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.callsTo('get', THREAT)).toHaveLength(1);
    expect(driver.result.current.threat).toEqual(verdict('B'));
    // Typed again later, the verdict comes from the page's cache, not the server.
    await driver.type('');
    await driver.type('185.220.101.4');
    await driver.advance(DEBOUNCE_MS);
    expect(driver.network.callsTo('get', THREAT)).toHaveLength(1);
    expect(driver.result.current.threat).toEqual(verdict('B'));
  });
});
