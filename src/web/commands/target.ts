import { useEffect, useSyncExternalStore } from 'react';

/** The current selection a screen offers to the command palette (spec 1, section 4.4). */
export interface AlertsCommandTarget {
  kind: 'alerts';
  /** Selected alert ids; when nothing is selected, the focused alert alone (if any). */
  ids: number[];
  /** Last known version per alert id, sent with single-alert updates. */
  versions: Record<number, number>;
  /** Reload the screen's data after a command changed it. */
  refresh(): void;
  focusedId: number | null;
  /**
   * Set by the open alert's page only: the agent the alert concerns (null when it has none), which
   * the agent commands (`>isolate`, …) act on there, linked to the alert.
   */
  agent?: AlertAgentTarget;
}

/** The agent of the open alert, as the agent commands need it. */
export interface AlertAgentTarget {
  alertId: number;
  agentId: string | null;
  hostName: string | null;
  /** False when the user may not ask agents for actions. */
  canChange: boolean;
}

/** The cases list's selection (src/web/features/cases/CasesPage.tsx). */
export interface CasesCommandTarget {
  kind: 'cases';
  /** Selected case ids; when nothing is selected, the focused case alone (if any). */
  ids: number[];
  /** The version each case had when listed, sent with the change (a stale one gets 409). */
  versions: Record<number, number>;
  /** False when the user may not change cases: the commands say so instead of failing. */
  canChange: boolean;
  refresh(): void;
  focusedId: number | null;
}

/** The active mutes selected on the mute conditions screen (src/web/features/mutes/MutesPage.tsx). */
export interface MutesCommandTarget {
  kind: 'mutes';
  ids: string[];
  versions: Record<string, number>;
  /** False when the user may not change mutes. */
  canChange: boolean;
  refresh(): void;
  focusedId: string | null;
}

/** The selected agents of the agents list, or the agent whose page is open (src/web/features/agents). */
export interface AgentsCommandTarget {
  kind: 'agents';
  ids: string[];
  /** False when the user may not ask agents for actions. */
  canChange: boolean;
  refresh(): void;
  focusedId: string | null;
}

/** The palette's search commands (src/web/features/search/commands.ts), by registry id. */
export type SearchCommandId =
  | 'search.run'
  | 'search.range'
  | 'search.query'
  | 'search.saved'
  | 'search.history'
  | 'search.save'
  | 'search.edit'
  | 'search.alert'
  | 'search.stop-alert'
  | 'search.export'
  | 'search.columns';

/**
 * The search screen (src/web/features/search/SearchPage.tsx): no selection, the screen itself.
 * Each command runs the handler the screen's own button or control uses; a command missing here
 * cannot run on the search shown now (export before a search finished, an alert before the
 * search is saved).
 */
export interface SearchCommandTarget {
  kind: 'search';
  actions: Partial<Record<SearchCommandId, (args: readonly string[]) => void>>;
}

/** A target with a selection of items (every kind but the search screen). */
export type SelectionTarget =
  | AlertsCommandTarget
  | CasesCommandTarget
  | MutesCommandTarget
  | AgentsCommandTarget;

export type CommandTarget = SelectionTarget | SearchCommandTarget;

/** The number of selected items the `>` commands act on (none on the search screen). */
export const selectedCount = (target: CommandTarget | null): number =>
  target && target.kind !== 'search' ? target.ids.length : 0;

/**
 * What `>` commands act on in a list: the selected rows, else the focused one, each with the
 * version the list showed (sent with the change, so a stale one is refused, not overwritten).
 */
export function listSelection<Id extends number | string>(
  selected: ReadonlySet<Id>,
  focused: { id: Id } | null,
  rows: readonly { id: Id; version: number }[],
): { ids: Id[]; versions: Record<Id, number>; focusedId: Id | null } {
  const ids = selected.size ? [...selected] : focused ? [focused.id] : [];
  const versions = {} as Record<Id, number>;
  for (const row of rows) if (ids.includes(row.id)) versions[row.id] = row.version;
  return { ids, versions, focusedId: focused?.id ?? null };
}

type Listener = () => void;

let current: CommandTarget | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The tiny external store behind the hooks; exported for tests and non-React callers. */
export const commandTargetStore = {
  get(): CommandTarget | null {
    return current;
  },
  set(target: CommandTarget | null): void {
    if (current === target) return;
    current = target;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/**
 * A screen registers its selection while mounted; it is cleared on unmount (or when the target
 * becomes null). Pass a new object whenever ids, versions or focus change. A null target never
 * clears another screen's: a cached page that steps aside passes null.
 */
export function useProvideCommandTarget(target: CommandTarget | null): void {
  useEffect(() => {
    if (!target) return;
    commandTargetStore.set(target);
    return () => {
      if (commandTargetStore.get() === target) commandTargetStore.set(null);
    };
  }, [target]);
}

/** The selection the current screen offers, or null. */
export function useCommandTarget(): CommandTarget | null {
  return useSyncExternalStore(commandTargetStore.subscribe, commandTargetStore.get, commandTargetStore.get);
}
