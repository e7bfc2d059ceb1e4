import { useCallback, useMemo, useRef, useState } from 'react';
import { useListRef } from 'react-window';
import { type CommandTarget, useProvideCommandTarget } from '../../commands/target.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useIsActivePage } from '../../shell/index.ts';
import type { RowId } from './list-types.ts';

/** What a list offers the palette: its selection, else the focused row alone. */
export interface ListSelection<Row, Id extends RowId> {
  ids: Id[];
  focused: Row | null;
}

export interface UseListOptions<Row, Id extends RowId> {
  /** The rows shown (the page). */
  rows: readonly Row[];
  rowId(row: Row): Id;
  /** Rows can be selected: x or Space, Shift+j/k, Shift+x and a checkbox per row. */
  selectable?: boolean;
  /**
   * Every row the filters keep, across pages, when the list pages in the browser: a selection
   * keeps these (and `selectAll` takes them all), not only the page shown.
   */
  matching?: readonly Row[];
  /** Enter on a row. */
  onOpen?(row: Row): void;
  /** Esc with nothing selected (close a details pane); false leaves the key alone. */
  onBack?(): boolean;
  /** n: start a new item. */
  onNew?(): void;
  /** The palette's command target from the selection (today's API of commands/target.ts). */
  target?(selection: ListSelection<Row, Id>): CommandTarget | null;
  /** False while a form or dialog of the screen has the keys. */
  enabled?: boolean;
}

/**
 * A list's cursor and selection (DESIGN section 7): j/k move the cursor (the row, or the name
 * in it, takes the focus, scrolled into view first since rows off screen are not in the
 * document), x selects, Shift extends, Enter opens, Esc clears the selection and then goes
 * back. The selection is by id, so a reload keeps it, and rows the list no longer holds (the
 * page, or every row that matches when `matching` says) drop out: a command never acts on a row
 * the filters hide.
 */
export function useList<Row, Id extends RowId>(options: UseListOptions<Row, Id>) {
  const { rows, rowId, selectable = false, target, enabled = true } = options;
  const active = useIsActivePage();
  const grid = useRef<HTMLDivElement>(null);
  const scroller = useListRef(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<Id>>(() => new Set());
  const anchor = useRef<number | null>(null);

  const kept = options.matching ?? rows;
  const shownIds = useMemo(() => new Set(kept.map(rowId)), [kept, rowId]);
  const selected = useMemo(() => {
    const kept = [...picked].filter((id) => shownIds.has(id));
    return kept.length === picked.size ? picked : new Set(kept);
  }, [picked, shownIds]);

  // The refs are stable; what they hold is read when a key moves the cursor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs, not values
  const focusRow = useCallback((index: number) => {
    setCursor(index);
    scroller.current?.scrollToRow({ index, align: 'auto' });
    requestAnimationFrame(() => {
      const row = grid.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
      (row?.querySelector<HTMLElement>('[data-list-name]') ?? row)?.focus();
    });
  }, []);
  const toggle = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      anchor.current = index;
      const id = rowId(row);
      setPicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [rows, rowId],
  );
  const extend = useCallback(
    (from: number, to: number) => {
      const range = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map(rowId);
      setPicked((current) => new Set([...current, ...range]));
    },
    [rows, rowId],
  );
  const clear = useCallback(() => setPicked(new Set()), []);
  const selectAll = useCallback(() => setPicked(new Set(kept.map(rowId))), [kept, rowId]);

  const focusedIndex = cursor !== null && cursor < rows.length ? cursor : null;
  const latest = useRef(options);
  latest.current = options;
  useListKeys({
    enabled: active && enabled,
    count: rows.length,
    focused: focusedIndex,
    setFocused: focusRow,
    ...(selectable && { onToggle: toggle, onExtend: extend, anchor: anchor.current }),
    onOpen: (index) => {
      const row = rows[index];
      if (row) latest.current.onOpen?.(row);
    },
    onBack: () => {
      if (selected.size > 0) {
        clear();
        return true;
      }
      return latest.current.onBack?.() ?? false;
    },
    ...(options.onNew && { onNew: () => latest.current.onNew?.() }),
  });

  const focused = focusedIndex === null ? null : (rows[focusedIndex] ?? null);
  const hasTarget = target !== undefined;
  const provided = useMemo(() => {
    if (!active || !hasTarget) return null;
    const ids = selected.size > 0 ? [...selected] : focused ? [rowId(focused)] : [];
    return latest.current.target?.({ ids, focused }) ?? null;
  }, [active, hasTarget, selected, focused, rowId]);
  useProvideCommandTarget(provided);

  return {
    grid,
    scroller,
    cursor: focusedIndex,
    setCursor,
    selectable,
    selected,
    toggle,
    clear,
    selectAll,
    rowId,
  };
}

export type ListState<Row, Id extends RowId> = ReturnType<typeof useList<Row, Id>>;
