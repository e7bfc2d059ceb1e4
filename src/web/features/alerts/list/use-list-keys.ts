import type { TableEvent } from '../../../../../machines/table/table.events.ts';
import { useScreenKeys } from '../shared/use-screen-keys.ts';
import type { AlertSummary } from '../types.ts';

export interface ListKeys {
  rows: readonly AlertSummary[];
  focusedIndex: number;
  setFocused(index: number): void;
  anchor: number | null;
  hasSelection: boolean;
  send(event: TableEvent): void;
  /** Moves to the next or previous page; false when there is none. */
  turnPage(direction: 1 | -1): boolean;
  open(id: number): void;
  update(): void;
  exportCsv(): void;
  focusFilter(): void;
  back(): void;
}

/**
 * The list's keys (DESIGN section 7): j/k move the focused row (across pages), x toggles its
 * selection, Shift+j/k select while moving, Shift+x selects from the anchor to the focused row,
 * Enter opens it, Esc clears the selection or goes back; f filters, u updates, e exports.
 */
export function useListKeys(keys: ListKeys) {
  const { rows, focusedIndex, setFocused, send } = keys;
  const focused = rows[focusedIndex];

  const move = (step: 1 | -1, extend: boolean) => {
    if (rows.length === 0) return;
    const next = focusedIndex < 0 ? 0 : focusedIndex + step;
    if (next < 0 || next >= rows.length) {
      if (!extend && keys.turnPage(step)) setFocused(step === 1 ? 0 : Number.MAX_SAFE_INTEGER);
      return;
    }
    if (extend) {
      const ids = [focused?.id, rows[next]?.id].filter((id): id is number => id !== undefined);
      send({ type: 'extend', ids });
    }
    setFocused(next);
  };

  const extendToAnchor = () => {
    if (!focused) return;
    const from = rows.findIndex((r) => r.id === keys.anchor);
    const start = from < 0 ? focusedIndex : Math.min(from, focusedIndex);
    const end = from < 0 ? focusedIndex : Math.max(from, focusedIndex);
    send({ type: 'extend', ids: rows.slice(start, end + 1).map((r) => r.id) });
  };

  useScreenKeys((event) => {
    switch (event.key) {
      case 'j':
      case 'k':
      case 'J':
      case 'K':
        move(event.key.toLowerCase() === 'j' ? 1 : -1, event.key === 'J' || event.key === 'K');
        return true;
      case 'x':
        if (focused) send({ type: 'toggle', id: focused.id });
        return true;
      case 'X':
        extendToAnchor();
        return true;
      case 'Enter':
        // Enter on a button or link does what that control does.
        if (event.target instanceof HTMLElement && event.target.closest('button, a')) return false;
        if (focused) keys.open(focused.id);
        return focused !== undefined;
      case 'Escape':
        if (keys.hasSelection) send({ type: 'clear-selection' });
        else keys.back();
        return true;
      case 'f':
        keys.focusFilter();
        return true;
      case 'u':
        if (keys.hasSelection) keys.update();
        return keys.hasSelection;
      case 'e':
        keys.exportCsv();
        return true;
      default:
        return false;
    }
  });
}
