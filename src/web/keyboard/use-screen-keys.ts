import { useEffect, useRef } from 'react';
import { findCommand } from '../commands/registry.ts';
import { registerListHandler } from './dispatcher.ts';

/** What a screen's command does, by the registry id of the command (`alert.status`). */
export type ScreenKeyBindings = Readonly<Record<string, () => void>>;

/** Keys pressed in a menu, a listbox or a popover belong to it, not to the screen behind. */
const WIDGET = '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], dialog, .popover';

/** Whether the key press happened in a widget with keys of its own (a menu, listbox, popover…). */
export function inWidget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(WIDGET) !== null;
}

/** The registry id whose keys include the chord, among the bound ones. */
function boundCommand(bindings: ScreenKeyBindings, chord: string): string | undefined {
  return Object.keys(bindings).find((id) => findCommand(id)?.keys.includes(chord));
}

/**
 * Runs the bound command whose registry keys include the chord; true when one did. Used by
 * useScreenKeys and by useListKeys' `screenKeys` (a list screen's own commands).
 */
export function runScreenKey(bindings: ScreenKeyBindings, chord: string, event: KeyboardEvent): boolean {
  if (inWidget(event.target)) return false;
  const id = boundCommand(bindings, chord);
  if (id === undefined) return false;
  bindings[id]?.();
  return true;
}

/**
 * A screen's own keys (the registry's screen groups, e.g. `alertScreen`), through the global
 * dispatcher: each bound command runs on the keys the registry gives it, so the `?` overlay
 * and docs/keyboard.md list exactly what works. Like the list keys, they never fire while the
 * palette, the overlay or a modal dialog is open, while a text field has focus, or with
 * Ctrl, Cmd or Alt held; nor in a menu, listbox or popover, which have keys of their own.
 * `enabled` is false while the screen is hidden (a cached page) or has nothing to act on.
 * A list screen passes its commands to useListKeys (`screenKeys`) instead: the dispatcher
 * gives each key to one handler, the innermost.
 */
export function useScreenKeys(bindings: ScreenKeyBindings, enabled = true): void {
  const latest = useRef(bindings);
  latest.current = bindings;

  useEffect(() => {
    if (!enabled) return;
    return registerListHandler((chord, event) => runScreenKey(latest.current, chord, event));
  }, [enabled]);
}
