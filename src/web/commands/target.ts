import { useEffect, useSyncExternalStore } from 'react';

/**
 * What the current screen offers the command palette (spec 1, section 4.4): a selection of items
 * of one kind, or the screen itself. The kinds and their richer shapes belong to the areas
 * (features/<area>/, declared in their descriptors' `targetKinds`); the shell reads only this.
 */
export interface SelectionTarget<Id extends number | string = number | string> {
  kind: string;
  /** Selected ids; when nothing is selected, the focused item alone (if any). */
  ids: Id[];
  /** The version each item had when listed, sent with the change (a stale one gets 409). */
  versions?: Record<Id, number>;
  /** False when the user may not change these items: the commands say so instead of failing. */
  canChange?: boolean;
  /** Reload the screen's data after a command changed it. */
  refresh(): void;
  focusedId: Id | null;
}

/**
 * A screen without a selection (the search screen): each command runs the handler the screen's
 * own button or control uses, by command id; a command missing here cannot run on it now.
 */
export interface ScreenTarget {
  kind: string;
  actions: Partial<Record<string, (args: readonly string[]) => void>>;
}

export type CommandTarget = SelectionTarget | ScreenTarget;

export const isSelection = (target: CommandTarget | null): target is SelectionTarget =>
  target !== null && 'ids' in target;

/** The number of selected items the `>` commands act on (none on a screen target). */
export const selectedCount = (target: CommandTarget | null): number =>
  isSelection(target) ? target.ids.length : 0;

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
