import { useEffect, useRef } from 'react';

export interface ListKeys {
  /** Whether the keys apply now (the page is on screen and its list is shown). */
  enabled: boolean;
  count: number;
  cursor: number;
  /** j and k move the cursor. */
  onMove(index: number): void;
  /** Enter opens the row under the cursor. */
  onOpen(index: number): void;
  /** n starts something new (a case, a mute). */
  onNew?(): void;
}

/** Whether a key press belongs to something else: a text field, a control, an open dialog. */
function claimedElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="combobox"], [role="menu"]'))
    return true;
  return document.querySelector('dialog[open]') !== null;
}

/**
 * The list keys of DESIGN section 7: j/k move, Enter opens, n creates. `/` is left alone: it
 * belongs to the omnibox. Enter on a focused link or button is theirs (the browser activates
 * them), so the row is opened only when the focus is elsewhere.
 */
export function useListKeys(keys: ListKeys) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!keys.enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (claimedElsewhere(event)) return;
      const { count, cursor, onMove, onOpen, onNew } = latest.current;
      if (event.key === 'j' || event.key === 'k') {
        if (count === 0) return;
        event.preventDefault();
        // The first press from outside the list goes to the current row rather than past it.
        const inList = (event.target as HTMLElement | null)?.closest('[data-row-index]') !== null;
        const moved = event.key === 'j' ? Math.min(count - 1, cursor + 1) : Math.max(0, cursor - 1);
        onMove(inList ? moved : Math.min(Math.max(cursor, 0), count - 1));
      } else if (event.key === 'Enter') {
        if ((event.target as HTMLElement | null)?.closest('a, button')) return;
        if (count === 0 || cursor < 0) return;
        event.preventDefault();
        onOpen(cursor);
      } else if (event.key === 'n' && onNew) {
        event.preventDefault();
        onNew();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keys.enabled]);
}
