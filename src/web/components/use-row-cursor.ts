import { type RefObject, useCallback, useState } from 'react';

/** What a virtual list (react-window's List) offers to bring a row into the document. */
interface ScrollsToRow {
  scrollToRow(options: { index: number; align: 'auto' }): void;
}

/**
 * The keyboard cursor of a list or table whose rows carry `data-row-index`. Moving it scrolls a
 * virtual list to the row first (rows off screen are not in the document), then focuses the row,
 * or the element in it that `focusSelector` names (rows whose name is a button).
 */
export function useRowCursor(
  container: RefObject<HTMLElement | null>,
  options: { list?: RefObject<ScrollsToRow | null>; focusSelector?: string } = {},
) {
  const { list, focusSelector } = options;
  const [cursor, setCursor] = useState<number | null>(null);
  const focusRow = useCallback(
    (index: number) => {
      setCursor(index);
      list?.current?.scrollToRow({ index, align: 'auto' });
      const row = `[data-row-index="${index}"]`;
      requestAnimationFrame(() =>
        container.current
          ?.querySelector<HTMLElement>(focusSelector ? `${row} ${focusSelector}` : row)
          ?.focus(),
      );
    },
    [container, list, focusSelector],
  );
  return { cursor, setCursor, focusRow };
}
