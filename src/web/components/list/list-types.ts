import type { ReactNode } from 'react';

/** A row of a list: anything the kit can tell apart by an id. */
export type RowId = string | number;

/**
 * One column of a kit list. A cell never wraps: it truncates, and `text` (or what `render`
 * shows) becomes its tooltip, so a cut value can still be read.
 */
export interface ListColumn<Row> {
  key: string;
  label: string;
  /** Its CSS grid track: '6rem', 'minmax(12rem, 2fr)'. */
  width: string;
  /** The header cycles the sort (ascending, descending, unsorted) on this column. */
  sortable?: boolean;
  /** What a list sorted in the browser compares; the text when absent. */
  value?(row: Row): string | number | null;
  /** The cell's plain text, also its tooltip. */
  text?(row: Row): string;
  /** The cell's content when it is more than text (a link, a badge, a time). */
  render?(row: Row): ReactNode;
  /** Numbers and counts line up on the right. */
  align?: 'end';
}

/**
 * A row's own detail drawn under its cells when open (a raw event, a stack trace): the row grows
 * by `height` pixels, so rows of different heights scroll together.
 */
export interface ListRowDetail<Row> {
  open(row: Row): boolean;
  /** The detail's height in pixels, under the row's one line. */
  height(row: Row): number;
  render(row: Row): ReactNode;
}

/** How the list turns pages: numbered over a known total, or by the server's cursor. */
export type ListPaging = { kind: 'numbered'; total: number } | { kind: 'keyset'; next: string | null };
