/** Spec 1, section 9: the main area keeps up to 10 visited pages. */
export const CACHED_PAGES = 10;

/** Moves (or adds) the item with this key to the end, dropping the least recently used past max. */
export function touch<T extends { key: string }>(list: readonly T[], item: T, max = CACHED_PAGES): T[] {
  const rest = list.filter((entry) => entry.key !== item.key);
  return [...rest, item].slice(-max);
}
