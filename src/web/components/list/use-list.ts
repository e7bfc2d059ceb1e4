import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useListRef } from 'react-window';
import { type CommandTarget, useProvideCommandTarget } from '../../commands/target.ts';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import type { ScreenKeyBindings } from '../../keyboard/use-screen-keys.ts';
import { useIsActivePage } from '../../shell/index.ts';
import type { DetailItem } from '../table/RowDetails.tsx';
import type { RowId } from './list-types.ts';

/**
 * A selection the page keeps itself (a bulk selection across pages, "all N matching"), instead
 * of the list's own, which holds only rows shown.
 */
export interface KeptSelection<Id extends RowId> {
  selected: ReadonlySet<Id>;
  /** Every row that matches counts as selected, on every page. */
  all: boolean;
  /** The row Shift+x selects from, when the page keeps it; null when none. */
  anchor: Id | null;
  toggle(id: Id): void;
  /** Adds these rows (Shift+j/k/x). */
  extend(ids: Id[]): void;
  clear(): void;
}

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
  /** The page keeps the selection (implies selectable); the list's own is used otherwise. */
  keptSelection?: KeptSelection<Id>;
  /** Enter on a row. */
  onOpen?(row: Row): void;
  /** Esc with nothing selected (close a details pane); false leaves the key alone. */
  onBack?(): boolean;
  /** n: start a new item. */
  onNew?(): void;
  /** The palette's command target from the selection (today's API of commands/target.ts). */
  target?(selection: ListSelection<Row, Id>): CommandTarget | null;
  /**
   * A row's details, shown under its cells (spec 1, section 4.6): d, or the row's details
   * button, opens and closes them in place.
   */
  details?(row: Row): readonly DetailItem[];
  /**
   * j on the last row (step 1) or k on the first (step -1): turn to the next or previous page
   * (`turnPage` in this folder); true when it did. The cursor then goes to the new page's first
   * row, or its last, once that page is shown.
   */
  onEdge?(step: 1 | -1): boolean;
  /** The screen's own keys (a registry screen group), by registry id. */
  screenKeys?: ScreenKeyBindings;
  /** False while a form or dialog of the screen has the keys. */
  enabled?: boolean;
}

/**
 * A list's cursor and selection (DESIGN section 7): j/k move the cursor (the row, or the name
 * in it, takes the focus, scrolled into view first since rows off screen are not in the
 * document), x selects, Shift extends, Enter opens, Esc clears the selection and then goes
 * back, d opens a row's details in place, and j/k at a page's ends turn it (`onEdge`). The
 * selection is by id, so a reload keeps it, and rows no longer shown drop out: a command never
 * acts on a row the user cannot see (or, when `matching` says, that the filters hide). A page whose selection outlives the page shown (a bulk
 * selection, "all N matching") keeps it itself and hands it in as `keptSelection`.
 */
export function useList<Row, Id extends RowId>(options: UseListOptions<Row, Id>) {
  const { rows, rowId, target, enabled = true, keptSelection: kept } = options;
  const selectable = options.selectable === true || kept !== undefined;
  const active = useIsActivePage();
  const grid = useRef<HTMLDivElement>(null);
  const scroller = useListRef(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<Id>>(() => new Set());
  const anchor = useRef<number | null>(null);

  // The rows a selection may hold: the page, or every row that matches when the list pages in the browser.
  const pool = options.matching ?? rows;
  const shownIds = useMemo(() => new Set(pool.map(rowId)), [pool, rowId]);
  const ownSelected = useMemo(() => {
    const shown = [...picked].filter((id) => shownIds.has(id));
    return shown.length === picked.size ? picked : new Set(shown);
  }, [picked, shownIds]);
  const selected = kept ? kept.selected : ownSelected;

  // The refs are stable; what they hold is read when a key moves the cursor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs, not values
  const focusRow = useCallback((index: number) => {
    setCursor(index);
    scroller.current?.scrollToRow({ index, align: 'auto' });
    const focusIt = () => {
      const row = grid.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
      (row?.querySelector<HTMLElement>('[data-list-name]') ?? row)?.focus();
      return row != null;
    };
    // At once when the row is drawn, so a key pressed right after (Enter after j) meets the row
    // it moved to; a row scrolled into view is drawn on the next frame.
    if (!focusIt()) requestAnimationFrame(focusIt);
  }, []);
  const keptToggle = kept?.toggle;
  const keptExtend = kept?.extend;
  const toggle = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      anchor.current = index;
      const id = rowId(row);
      if (keptToggle) return keptToggle(id);
      setPicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    [rows, rowId, keptToggle],
  );
  const extend = useCallback(
    (from: number, to: number) => {
      const range = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map(rowId);
      if (keptExtend) return keptExtend(range);
      setPicked((current) => new Set([...current, ...range]));
    },
    [rows, rowId, keptExtend],
  );
  const keptClear = kept?.clear;
  const clear = useCallback(() => (keptClear ? keptClear() : setPicked(new Set())), [keptClear]);
  const selectAll = useCallback(() => setPicked(new Set(pool.map(rowId))), [pool, rowId]);
  const hasSelection = selected.size > 0 || kept?.all === true;
  // A kept selection's anchor is a row id: Shift+x selects from it when it is on this page.
  const keptAnchor = kept?.anchor;
  const anchorIndex = useMemo(() => {
    if (keptAnchor === undefined) return undefined;
    const index = keptAnchor === null ? -1 : rows.findIndex((r) => rowId(r) === keptAnchor);
    return index < 0 ? null : index;
  }, [rows, rowId, keptAnchor]);

  // Details are open by id, so a sort or a reload keeps them open.
  const [detailsOpen, setDetailsOpen] = useState<ReadonlySet<RowId>>(() => new Set());
  const toggleDetails = useCallback(
    (id: RowId) =>
      setDetailsOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  // After j or k turned the page: the cursor goes to its first or last row once it is shown.
  const pendingEdge = useRef<1 | -1 | null>(null);
  useEffect(() => {
    const step = pendingEdge.current;
    if (step === null || rows.length === 0) return;
    pendingEdge.current = null;
    focusRow(step === 1 ? 0 : rows.length - 1);
  }, [rows, focusRow]);

  const focusedIndex = cursor !== null && cursor < rows.length ? cursor : null;
  const latest = useRef(options);
  latest.current = options;
  useListKeys({
    enabled: active && enabled,
    count: rows.length,
    focused: focusedIndex,
    setFocused: focusRow,
    ...(selectable && {
      onToggle: toggle,
      onExtend: extend,
      anchor: anchorIndex === undefined ? anchor.current : anchorIndex,
    }),
    onOpen: (index) => {
      const row = rows[index];
      if (row) latest.current.onOpen?.(row);
    },
    onBack: () => {
      if (hasSelection) {
        clear();
        return true;
      }
      return latest.current.onBack?.() ?? false;
    },
    ...(options.onNew && { onNew: () => latest.current.onNew?.() }),
    ...(options.details && {
      onDetails: (index: number) => {
        const row = rows[index];
        if (row) toggleDetails(rowId(row));
      },
    }),
    ...(options.onEdge && {
      onEdge: (step: 1 | -1) => {
        const turned = latest.current.onEdge?.(step) ?? false;
        if (turned) {
          pendingEdge.current = step;
          setCursor(null);
        }
        return turned;
      },
    }),
    screenKeys: options.screenKeys,
  });

  const detailsOf = options.details;
  const details = useMemo(
    () => (detailsOf ? { open: detailsOpen, toggle: toggleDetails, of: detailsOf } : null),
    [detailsOf, detailsOpen, toggleDetails],
  );

  const focused = focusedIndex === null ? null : (rows[focusedIndex] ?? null);
  const hasTarget = target !== undefined;
  // The rows too: a reload brings new versions of the same rows, which the target reads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows stand for what the target reads of them
  const provided = useMemo(() => {
    if (!active || !hasTarget) return null;
    const ids = selected.size > 0 ? [...selected] : focused ? [rowId(focused)] : [];
    return latest.current.target?.({ ids, focused }) ?? null;
  }, [active, hasTarget, selected, focused, rowId, rows]);
  useProvideCommandTarget(provided);

  return {
    grid,
    scroller,
    cursor: focusedIndex,
    setCursor,
    /** Moves the cursor to a row, scrolls it into view and focuses it (or the name in it). */
    focus: focusRow,
    selectable,
    selected,
    /** Every matching row counts as selected (a kept selection's "all N matching"). */
    allSelected: kept?.all === true,
    toggle,
    clear,
    selectAll,
    rowId,
    /** The rows' details, when the list has them: which are open, a toggle, what they hold. */
    details,
  };
}

export type ListState<Row, Id extends RowId> = ReturnType<typeof useList<Row, Id>>;
