import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph';
import type { CatalogueEntry } from './entry.ts';
import { eventFilter, walkableMachine } from './model.ts';

/** One step of a path: the event sent and the state it led to (`Ready.Form.Saving`). */
export interface PathStep {
  event: string;
  state: string;
}

export interface MachinePath {
  /** The state the path ends in. */
  target: string;
  steps: PathStep[];
}

export interface Transition {
  from: string;
  event: string;
  to: string;
}

/** What a tester needs of a machine: its states, events, transitions and paths. */
export interface MachineReport {
  name: string;
  description: string;
  initial: string;
  /** Every state the machine declares, as dotted paths. */
  states: string[];
  /** States left at once (an `always` transition): no path rests there. */
  transient: string[];
  /** Declared states no path reaches with these sample events (transient ones aside). */
  unreached: string[];
  /** The event types a tester can send, calls and delays included. */
  events: string[];
  transitions: Transition[];
  /** The shortest way to each distinct state (state and context). */
  shortestPaths: MachinePath[];
  /** Paths that never repeat a state, at most SIMPLE_PATH_CAP of them. */
  simplePaths: MachinePath[];
  /** Whether more simple paths exist than the cap. */
  simplePathsCapped: boolean;
}

/** Simple paths grow exponentially with a machine's size: the report keeps this many. */
export const SIMPLE_PATH_CAP = 200;
/** Distinct snapshots a traversal may visit before it gives up (a context that grows forever). */
const TRAVERSAL_LIMIT = 5000;

/** A state value as dotted paths: `{ Ready: { Form: 'Saving', Leave: 'Idle' } }` → two leaves. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries
    .map(([key, child]) => {
      const inner = stateName(child);
      return inner.includes(' | ')
        ? inner
            .split(' | ')
            .map((leaf) => `${key}.${leaf}`)
            .join(' | ')
        : `${key}.${inner}`;
    })
    .join(' | ');
}

/** Every state node the machine declares, by dotted path from the root. */
function declaredStates(node: AnyStateNode, prefix = ''): string[] {
  return Object.entries(node.states).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...declaredStates(child, path)];
  });
}

/** The named delays the machine waits on, as the events the traversal sends for them. */
function delayEvents(node: AnyStateNode, sharedClock: boolean): AnyEventObject[] {
  const own = Object.keys((node.config as { after?: Record<string, unknown> }).after ?? {}).map((delay) => ({
    type: sharedClock ? `xstate.after.${delay}` : `xstate.after.${delay}.${node.id}`,
  }));
  return [...own, ...Object.values(node.states).flatMap((child) => delayEvents(child, sharedClock))];
}

const serializeOf = (entry: CatalogueEntry) => (snapshot: AnyMachineSnapshot) =>
  entry.serialize ? entry.serialize(snapshot) : serializeSnapshot(snapshot);

/** States left at once by an `always` transition: a snapshot never rests there. */
function transientStates(node: AnyStateNode, prefix = ''): string[] {
  return Object.entries(node.states).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const always = (child.config as { always?: unknown }).always;
    return [...(always ? [path] : []), ...transientStates(child, path)];
  });
}

const shortType = (type: string) => type.replace(/^xstate\./, '');

/** Walks one machine with its sample events and reports what a tester needs. */
export function reportMachine(entry: CatalogueEntry): MachineReport {
  const sharedClock = entry.sharedClock ?? false;
  const machine = walkableMachine(entry.machine, sharedClock);
  const seen = new Set(entry.events.map((e) => e.type));
  const events = [
    ...entry.events,
    ...delayEvents(entry.machine.root, sharedClock).filter((e) => !seen.has(e.type) && seen.add(e.type)),
  ];
  const options = {
    events,
    input: entry.input,
    // Only events the state handles: an ignored event is no transition.
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      snapshot.can(event) && eventFilter({ filterEvents: entry.filterEvents })(snapshot, event),
    limit: TRAVERSAL_LIMIT,
    serializeState: serializeOf(entry),
  };
  const adjacency = getAdjacencyMap(machine, options as never) as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
    }
  >;
  const keys = Object.keys(adjacency);
  const initialKey = keys[0]!;
  const transitions = new Map<string, Transition>();
  for (const node of Object.values(adjacency)) {
    for (const { event, state } of Object.values(node.transitions)) {
      const t = {
        from: stateName(node.state.value),
        event: shortType(event.type),
        to: stateName(state.value),
      };
      transitions.set(`${t.from}\u0000${t.event}\u0000${t.to}`, t);
    }
  }
  const toPath = (steps: readonly { event: AnyEventObject; state: AnyMachineSnapshot }[]): MachinePath => ({
    target: stateName(steps.at(-1)!.state.value),
    steps: steps.slice(1).map((s) => ({ event: shortType(s.event.type), state: stateName(s.state.value) })),
  });
  const shortestPaths = getShortestPaths(machine, options as never).map((p) =>
    toPath(p.steps as unknown as { event: AnyEventObject; state: AnyMachineSnapshot }[]),
  );
  const { paths: simplePaths, capped } = simplePathsOf(adjacency, initialKey, serializeOf(entry));
  const reachedLeaves = new Set(
    Object.values(adjacency).flatMap((n) => stateName(n.state.value).split(' | ')),
  );
  const states = declaredStates(entry.machine.root);
  const transient = transientStates(entry.machine.root);
  const reached = (path: string) =>
    [...reachedLeaves].some((leaf) => leaf === path || leaf.startsWith(`${path}.`));
  return {
    name: entry.name,
    description: entry.description,
    initial: stateName(adjacency[initialKey]!.state.value),
    states,
    transient,
    unreached: states.filter((s) => !reached(s) && !transient.includes(s)),
    events: [...new Set(events.map((e) => shortType(e.type)))],
    transitions: [...transitions.values()],
    shortestPaths: shortestPaths.filter((p) => p.steps.length > 0),
    simplePaths,
    simplePathsCapped: capped,
  };
}

/**
 * Paths from the start that never visit a snapshot twice, found depth first: each one ends where a
 * further step would repeat a snapshot or nothing can happen. Capped, since they multiply.
 */
function simplePathsOf(
  adjacency: Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
    }
  >,
  start: string,
  keyByValue: (snapshot: AnyMachineSnapshot) => string,
): { paths: MachinePath[]; capped: boolean } {
  const paths: MachinePath[] = [];
  let capped = false;
  const visit = (key: string, visited: Set<string>, steps: PathStep[]) => {
    if (capped) return;
    const node = adjacency[key];
    const next = node
      ? Object.values(node.transitions).filter(
          (t) => !visited.has(keyByValue(t.state)) && adjacency[keyByValue(t.state)],
        )
      : [];
    if (next.length === 0) {
      if (steps.length === 0) return;
      if (paths.length >= SIMPLE_PATH_CAP) capped = true;
      else paths.push({ target: steps.at(-1)!.state, steps: [...steps] });
      return;
    }
    for (const t of next) {
      const to = keyByValue(t.state);
      visited.add(to);
      steps.push({ event: shortType(t.event.type), state: stateName(t.state.value) });
      visit(to, visited, steps);
      steps.pop();
      visited.delete(to);
    }
  };
  visit(start, new Set([start]), []);
  return { paths, capped };
}
