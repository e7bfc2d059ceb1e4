import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  DEBOUNCE_MS,
  type Indicator,
  type OmniboxSuggestion,
  type SearchInput,
  type ThreatIntel,
} from '../../machines/omnibox/omnibox.context.ts';
import { omniboxMachine } from '../../machines/omnibox/omnibox.machine.ts';
import { selectGroups, selectLoading, selectThreatCard } from '../../machines/omnibox/selectors.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const suggestion = (id: string, category: OmniboxSuggestion['category'], label = id): OmniboxSuggestion => ({
  id,
  value: id,
  label,
  icon: category,
  url: `/${category}/${id}`,
  category,
});

const SUGGESTIONS = [
  suggestion('alert:1', 'alerts', '#1 Brute force (SRV-DC-01)'),
  suggestion('agent:9', 'agents'),
];
const verdict = (det: ThreatIntel['det'], risk = 80): ThreatIntel => ({
  kind: 'ip',
  value: '185.220.101.4',
  risk,
  det,
  country: 'DE',
  registrant_organization: 'Example Hosting',
  popularity: 1200,
  threat_categories: ['tor', 'scanner'],
  malware_group: null,
});
const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
const BOOM = new Error('Invalid response from omnibox endpoint');
/** Plain copies for the model: xstate/graph tells events apart by their JSON, and errors have none. */
const MODEL_ABORT = { name: 'AbortError', message: 'The operation was aborted.' };
const MODEL_BOOM = { name: 'Error', message: BOOM.message };

/** The sample events of the model: keystrokes, the debounce running out and every answer. */
const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'type', query: 'SRV-DC' },
  { type: 'type', query: '185.220.101.4' },
  { type: 'type', query: '>status' },
  { type: 'type', query: '' },
  { type: 'clear' },
  { type: 'tick' },
  { type: 'xstate.done.actor.search', output: SUGGESTIONS },
  { type: 'xstate.error.actor.search', error: MODEL_ABORT },
  { type: 'xstate.error.actor.search', error: MODEL_BOOM },
  { type: 'xstate.done.actor.lookupThreat', output: verdict('B') },
  { type: 'xstate.done.actor.lookupThreat', output: verdict('U', 0) },
  { type: 'xstate.error.actor.lookupThreat', error: MODEL_BOOM },
];

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  after?: Record<string, unknown>;
  states?: Record<string, Config>;
  on?: Record<string, unknown>;
};

/**
 * The machine's config with invocations turned into the events that end them and the 500 ms
 * delays into one `tick` event (xstate/graph refuses invocations and does not pass time). Both
 * regions' timers start on the same keystroke, so one tick fires both, as the real clock does.
 */
function asModelConfig(node: Config): Config {
  const { invoke, after, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  if (invoke?.onDone) events[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
  if (invoke?.onError) events[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  if (after) events.tick = after.DEBOUNCE;
  const result: Config = { ...rest, on: events };
  if (states)
    result.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, asModelConfig(v)]));
  return result;
}

function omniboxModel() {
  const config = asModelConfig(omniboxMachine.config as unknown as Config);
  const model: AnyStateMachine = createMachine(config as never, omniboxMachine.implementations as never);
  return createTestModel(model, {
    events: MODEL_EVENTS,
    filterEvents: (snapshot, event) => {
      // A keystroke changes the text; the same text again is not a keystroke.
      if (event.type === 'type') return (event as { query: string }).query !== snapshot.context.query;
      if (event.type === 'tick')
        return snapshot.matches({ Search: 'Debouncing' }) || snapshot.matches({ Threat: 'Waiting' });
      if (event.type.includes('actor.search')) return snapshot.matches({ Search: 'Searching' });
      if (event.type.includes('actor.lookupThreat')) return snapshot.matches({ Threat: 'Looking' });
      return true;
    },
  });
}

interface Call<TInput> {
  input: TInput;
  signal: AbortSignal;
  settled: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The real machine with fake calls the test settles, like fetch: an aborted call rejects. */
function drive() {
  const searches: Call<SearchInput>[] = [];
  const lookups: Call<Indicator>[] = [];
  const logged: unknown[] = [];
  const fake = <TOutput, TInput>(calls: Call<TInput>[]) =>
    fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: Call<TInput> = {
            input,
            signal,
            settled: false,
            resolve: (value) => {
              call.settled = true;
              resolve(value as TOutput);
            },
            reject: (error) => {
              call.settled = true;
              reject(error);
            },
          };
          calls.push(call);
          signal.addEventListener('abort', () => call.reject(abortError()));
        }),
    );
  const machine = omniboxMachine.provide({
    actors: {
      search: fake<OmniboxSuggestion[], SearchInput>(searches),
      lookupThreat: fake<ThreatIntel, Indicator>(lookups),
    },
    actions: { logError: (_, { error }) => logged.push(error) },
  });
  const actor = createActor(machine).start();
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  async function play(event: AnyEventObject) {
    if (event.type === 'tick') {
      vi.advanceTimersByTime(DEBOUNCE_MS);
      return flush();
    }
    const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (settled) {
      const call = (settled[2] === 'search' ? searches : lookups).at(-1)!;
      if (settled[1] === 'done') call.resolve((event as unknown as { output: unknown }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      return flush();
    }
    actor.send(event as never);
    await flush();
  }
  return { actor, searches, lookups, logged, play, flush };
}

const describePath = (steps: { event: AnyEventObject; state: { value: unknown } }[]) =>
  steps
    .map((s) => {
      const query = (s.event as { query?: string }).query;
      return `${s.event.type.replace('xstate.', '')}${query !== undefined ? ` "${query}"` : ''} → ${JSON.stringify(s.state.value)}`;
    })
    .join(', ') || 'start';

describe('omnibox machine: shortest paths of its model', () => {
  const paths = omniboxModel().getShortestPaths();

  it('reaches every state of both regions', () => {
    const values = paths.flatMap((p) => p.steps.map((s) => s.state));
    for (const search of ['Idle', 'Debouncing', 'Searching', 'Showing', 'Aborted', 'Error']) {
      expect(
        values.some((s) => s.matches({ Search: search })),
        search,
      ).toBe(true);
    }
    for (const threat of ['None', 'Waiting', 'Looking', 'Card', 'Hidden']) {
      expect(
        values.some((s) => s.matches({ Threat: threat })),
        threat,
      ).toBe(true);
    }
  });

  paths.forEach((path, i) => {
    it(`#${i} ${describePath(path.steps)}`, async () => {
      const driver = drive();
      for (const step of path.steps) {
        const searchesBefore = driver.searches.length;
        const loggedBefore = driver.logged.length;
        await driver.play(step.event);
        const snapshot = driver.actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context, step.event.type).toEqual(step.state.context);
        // Loading is exactly "a search is in flight", and it always ends.
        expect(selectLoading(snapshot)).toBe(snapshot.matches({ Search: 'Searching' }));
        if (snapshot.matches({ Search: 'Searching' })) {
          const current = driver.searches.at(-1)!;
          expect(current.input.query).toBe(snapshot.context.query.trim());
          expect(current.signal.aborted).toBe(false);
          // Every older search has ended (answered or aborted): only the newest runs.
          expect(driver.searches.slice(0, -1).every((s) => s.settled)).toBe(true);
        }
        if (step.event.type === 'tick' && snapshot.matches({ Search: 'Searching' })) {
          expect(driver.searches.length).toBe(searchesBefore + 1);
        }
        // Only a failure that is not an abort is logged.
        const newlyLogged = driver.logged.slice(loggedBefore);
        if (
          step.event.type.startsWith('xstate.error') &&
          (step.event as { error: Error }).error === MODEL_BOOM
        ) {
          expect(newlyLogged).toEqual([MODEL_BOOM]);
        } else {
          expect(newlyLogged).toEqual([]);
        }
        // The threat card is never shown for an unknown verdict.
        expect(selectThreatCard(snapshot)?.det ?? 'none').not.toBe('U');
      }
      driver.actor.stop();
    });
  });
});

describe('omnibox machine: scenarios', () => {
  it('searches exactly 500 ms after the last keystroke', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: 'S' });
    vi.advanceTimersByTime(300);
    driver.actor.send({ type: 'type', query: 'SRV' });
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(driver.searches).toHaveLength(0);
    expect(driver.actor.getSnapshot().matches({ Search: 'Debouncing' })).toBe(true);
    expect(selectLoading(driver.actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(driver.searches.map((s) => s.input.query)).toEqual(['SRV']);
    expect(selectLoading(driver.actor.getSnapshot())).toBe(true);
  });

  it('a newer search aborts the older one, whose late answer is never shown', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: 'SRV' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    const older = driver.searches[0]!;
    driver.actor.send({ type: 'type', query: 'SRV-DC' });
    expect(older.signal.aborted).toBe(true);
    vi.advanceTimersByTime(DEBOUNCE_MS);
    const newer = driver.searches[1]!;
    expect(newer.input.query).toBe('SRV-DC');
    older.resolve([suggestion('stale', 'alerts')]);
    await driver.flush();
    expect(driver.actor.getSnapshot().matches({ Search: 'Searching' })).toBe(true);
    newer.resolve(SUGGESTIONS);
    await driver.flush();
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches({ Search: 'Showing' })).toBe(true);
    expect(snapshot.context.suggestions).toEqual(SUGGESTIONS);
    expect(snapshot.context.searchedQuery).toBe('SRV-DC');
    expect(driver.logged).toEqual([]);
  });

  it('ignores an aborted request: loading ends, nothing is logged, earlier suggestions stay', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: 'SRV' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.searches[0]!.resolve(SUGGESTIONS);
    await driver.flush();
    driver.actor.send({ type: 'type', query: 'SRV-' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.searches[1]!.reject(abortError());
    await driver.flush();
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches({ Search: 'Aborted' })).toBe(true);
    expect(selectLoading(snapshot)).toBe(false);
    expect(driver.logged).toEqual([]);
    expect(snapshot.context.suggestions).toEqual(SUGGESTIONS);
  });

  it('only logs any other error, and loading ends', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: 'SRV' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.searches[0]!.reject(BOOM);
    await driver.flush();
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches({ Search: 'Error' })).toBe(true);
    expect(selectLoading(snapshot)).toBe(false);
    expect(driver.logged).toEqual([BOOM]);
  });

  it('does not search for a blank text or a > command, and clearing empties the list', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: '   ' });
    driver.actor.send({ type: 'type', query: '>status closed' });
    vi.advanceTimersByTime(DEBOUNCE_MS * 4);
    expect(driver.searches).toHaveLength(0);
    expect(driver.actor.getSnapshot().matches({ Search: 'Idle' })).toBe(true);
    driver.actor.send({ type: 'type', query: 'WS-FIN' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.searches[0]!.resolve(SUGGESTIONS);
    await driver.flush();
    driver.actor.send({ type: 'clear' });
    expect(driver.actor.getSnapshot().context).toMatchObject({
      query: '',
      suggestions: [],
      searchedQuery: null,
    });
  });

  it('groups suggestions by category in a fixed order', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: 'acme' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.searches[0]!.resolve([
      suggestion('update:1', 'updates'),
      suggestion('alert:1', 'alerts'),
      suggestion('customer:1', 'customers'),
      suggestion('alert:2', 'alerts'),
    ]);
    await driver.flush();
    const groups = selectGroups(driver.actor.getSnapshot());
    expect(groups.map((g) => g.category)).toEqual(['customers', 'alerts', 'updates']);
    expect(groups[1]!.items.map((i) => i.id)).toEqual(['alert:1', 'alert:2']);
  });

  it('looks up an IP, domain or hash longer than 5 characters after the pause; B shows the card, U hides it', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: '1.2.3' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(driver.lookups).toHaveLength(0);

    driver.actor.send({ type: 'type', query: '185.220.101.4' });
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(driver.lookups).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(driver.lookups.map((l) => l.input)).toEqual([{ kind: 'ip', value: '185.220.101.4' }]);
    driver.lookups[0]!.resolve(verdict('B'));
    await driver.flush();
    expect(selectThreatCard(driver.actor.getSnapshot())).toEqual(verdict('B'));

    driver.actor.send({ type: 'type', query: 'unknown-site.example' });
    expect(selectThreatCard(driver.actor.getSnapshot())).toBeNull();
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(driver.lookups.at(-1)!.input).toEqual({ kind: 'domain', value: 'unknown-site.example' });
    driver.lookups.at(-1)!.resolve({ ...verdict('U', 0), kind: 'domain', value: 'unknown-site.example' });
    await driver.flush();
    expect(driver.actor.getSnapshot().matches({ Threat: 'Hidden' })).toBe(true);
    expect(selectThreatCard(driver.actor.getSnapshot())).toBeNull();

    driver.actor.send({ type: 'type', query: 'd41d8cd98f00b204e9800998ecf8427e' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(driver.lookups.at(-1)!.input.kind).toBe('file');
  });

  it('keeps the card when only surrounding spaces change', async () => {
    const driver = drive();
    driver.actor.send({ type: 'type', query: '185.220.101.4' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    driver.lookups[0]!.resolve(verdict('B'));
    await driver.flush();
    driver.actor.send({ type: 'type', query: '185.220.101.4 ' });
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(driver.lookups).toHaveLength(1);
    expect(selectThreatCard(driver.actor.getSnapshot())).not.toBeNull();
  });
});
