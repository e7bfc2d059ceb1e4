import { useEffect, useRef } from 'react';
import { registerListHandler } from './dispatcher.ts';
import { isActivatable } from './keys.ts';
import { inWidget, runScreenKey, type ScreenKeyBindings } from './use-screen-keys.ts';

export interface ListKeysOptions {
  /** Rows in the list. */
  count: number;
  /** Index of the focused row, null when none is. */
  focused: number | null;
  setFocused(index: number): void;
  /**
   * j on the last row (step 1) or k on the first (step -1): e.g. turn to the next or previous
   * page and focus its first or last row. True when it moved; without it the focus stays.
   */
  onEdge?(step: 1 | -1): boolean;
  /** `x`: select or deselect the focused row. */
  onToggle?(index: number): void;
  /** Shift+j / Shift+k / Shift+x: select every row from `from` to `to` (inclusive). */
  onExtend?(from: number, to: number): void;
  /**
   * Index of the row Shift+x selects from, for a list that keeps its own anchor (the row last
   * toggled, by x or by a click); null when it is not on screen. Without it, the row last
   * toggled with x.
   */
  anchor?: number | null;
  /** d: open or close the focused row's details in place. */
  onDetails?(index: number): void;
  /** Enter: open the focused row. */
  onOpen?(index: number): void;
  /** Esc: go back (close the detail, clear the selection…); false leaves the key alone. */
  // biome-ignore lint/suspicious/noConfusingVoidType: most screens just go back and return nothing
  onBack?(): boolean | void;
  /** n: start a new item of the list (a case, a mute), also when the list is empty. */
  onNew?(): void;
  /**
   * The screen's own commands (a registry screen group, e.g. `alertList`), by registry id, as
   * useScreenKeys binds them; here because the dispatcher gives a key to one handler only.
   * They work also when the list is empty.
   */
  screenKeys?: ScreenKeyBindings;
  /** False while the list is hidden (e.g. a cached page). */
  enabled?: boolean;
}

/**
 * A list screen's keys, through the global dispatcher (registry group `lists`): j/k move,
 * x selects, Shift+j/k extend the selection while moving, Shift+x selects the range from the
 * last row toggled with x to the focused one, d shows or hides its details, Enter opens, Esc goes back, n starts a new item.
 * Enter and Esc are left to a focused button, link or menu, which already give them a meaning;
 * keys pressed in a menu, listbox or popover belong to it; no key reaches the list while a modal
 * dialog is open (the dispatcher keeps them from it).
 */
export function useListKeys(options: ListKeysOptions): void {
  const latest = useRef(options);
  latest.current = options;
  const anchor = useRef<number | null>(null);
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const listKey = (chord: string, event: KeyboardEvent): boolean => {
      const { count, focused, setFocused, onEdge, onToggle, onExtend, onOpen, onBack, onNew } =
        latest.current;
      if (chord === 'n') {
        if (!onNew) return false;
        onNew();
        return true;
      }
      if (count === 0 && chord !== 'esc') return false;
      const last = count - 1;
      const clamp = (index: number) => Math.max(0, Math.min(last, index));
      const move = (step: 1 | -1) => {
        if (focused === null) return setFocused(0);
        const atEdge = step === 1 ? focused >= last : focused <= 0;
        if (atEdge && onEdge?.(step)) return;
        setFocused(clamp(focused + step));
      };
      switch (chord) {
        case 'j':
          move(1);
          return true;
        case 'k':
          move(-1);
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
        case 'shift+x': {
          if (focused === null || !onExtend) return false;
          const own = latest.current.anchor;
          onExtend((own === undefined ? anchor.current : own) ?? focused, focused);
          anchor.current = focused;
          return true;
        }
        case 'd':
          if (focused === null || !latest.current.onDetails) return false;
          latest.current.onDetails(focused);
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
    };
    return registerListHandler((chord, event) => {
      if (inWidget(event.target)) return false;
      if (listKey(chord, event)) return true;
      const { screenKeys } = latest.current;
      return screenKeys !== undefined && runScreenKey(screenKeys, chord, event);
    });
  }, [enabled]);
}
