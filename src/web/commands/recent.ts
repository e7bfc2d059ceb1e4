import { useSyncExternalStore } from 'react';
import { findCommand } from './registry.ts';

/** Browser storage key of the recently used commands. */
export const RECENT_KEY = 'watchfloor.recentCommands';
/** How many recent commands the palette keeps and shows first. */
export const RECENT_LIMIT = 10;

/** A command as it was run: its id and arguments (`>mute 1d` is `alerts.mute` with `['1d']`). */
export interface RecentCommand {
  id: string;
  args: string[];
}

const isRecent = (value: unknown): value is RecentCommand =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecentCommand).id === 'string' &&
  Array.isArray((value as RecentCommand).args) &&
  (value as RecentCommand).args.every((a) => typeof a === 'string');

const EMPTY: RecentCommand[] = [];
let cache: { raw: string | null; list: RecentCommand[] } = { raw: null, list: EMPTY };
const listeners = new Set<() => void>();

function read(): RecentCommand[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(RECENT_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cache.raw) return cache.list;
  let list: RecentCommand[] = EMPTY;
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    // Commands removed from the registry since are dropped.
    if (Array.isArray(value)) list = value.filter(isRecent).filter((r) => findCommand(r.id));
  } catch {
    list = EMPTY;
  }
  cache = { raw, list: list.slice(0, RECENT_LIMIT) };
  return cache.list;
}

/** The recent commands, most recent first. */
export const readRecent = read;

/** Puts a command first (once), keeping the last 10. */
export function rememberCommand(command: RecentCommand): void {
  const same = (r: RecentCommand) =>
    r.id === command.id && r.args.join('\u0000') === command.args.join('\u0000');
  const next = [command, ...read().filter((r) => !same(r))].slice(0, RECENT_LIMIT);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or full: the list lives until the page reloads.
    cache = { raw: cache.raw, list: next };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useRecentCommands(): RecentCommand[] {
  return useSyncExternalStore(subscribe, read, read);
}
