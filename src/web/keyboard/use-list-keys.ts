import { useEffect, useRef } from 'react';
import { registerListHandler } from './dispatcher.ts';
import { isActivatable } from './keys.ts';

export interface ListKeysOptions {
  /** Rows in the list. */
  count: number;
  /** Index of the focused row, null when none is. */
  focused: number | null;
  setFocused(index: number): void;
  /** `x`: select or deselect the focused row. */
  onToggle?(index: number): void;
  /** Shift+j / Shift+k / Shift+x: select every row from `from` to `to` (inclusive). */
  onExtend?(from: number, to: number): void;
  /** Enter: open the focused row. */
  onOpen?(index: number): void;
  /** Esc: go back (close the detail, clear the selection…); false leaves the key alone. */
  // biome-ignore lint/suspicious/noConfusingVoidType: most screens just go back and return nothing
  onBack?(): boolean | void;
  /** n: start a new item of the list (a case, a mute), also when the list is empty. */
  onNew?(): void;
  /** False while the list is hidden (e.g. a cached page). */
  enabled?: boolean;
}

/**
 * A list screen's keys, through the global dispatcher (registry group `lists`): j/k move,
 * x selects, Shift+j/k extend the selection while moving, Shift+x selects the range from the
 * last row toggled with x to the focused one, Enter opens, Esc goes back, n starts a new item.
 * Enter and Esc are left to a focused button, link or menu, which already give them a meaning;
 * no key reaches the list while a modal dialog is open (the dispatcher keeps them from it).
 */
export function useListKeys(options: ListKeysOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const anchor = useRef<number | null>(null);
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    return registerListHandler((chord, event) => {
      const { count, focused, setFocused, onToggle, onExtend, onOpen, onBack, onNew } = latest.current;
      if (chord === 'n') {
        if (!onNew) return false;
        onNew();
        return true;
      }
      if (count === 0 && chord !== 'esc') return false;
      const last = count - 1;
      const clamp = (index: number) => Math.max(0, Math.min(last, index));
      switch (chord) {
        case 'j':
          setFocused(focused === null ? 0 : clamp(focused + 1));
          return true;
        case 'k':
          setFocused(focused === null ? 0 : clamp(focused - 1));
          return true;
        case 'x':
          if (focused === null || !onToggle) return false;
          anchor.current = focused;
          onToggle(focused);
          return true;
        case 'shift+j':
        case 'shift+k': {
          if (!onExtend) return false;
          const from = focused ?? 0;
          const to = focused === null ? 0 : clamp(from + (chord === 'shift+j' ? 1 : -1));
          onExtend(from, to);
          setFocused(to);
          return true;
        }
        case 'shift+x':
          if (focused === null || !onExtend) return false;
          onExtend(anchor.current ?? focused, focused);
          anchor.current = focused;
          return true;
        case 'enter':
          if (focused === null || !onOpen || isActivatable(event.target)) return false;
          onOpen(focused);
          return true;
        case 'esc':
          if (!onBack) return false;
          return onBack() !== false;
        default:
          return false;
      }
    });
  }, [enabled]);
}
