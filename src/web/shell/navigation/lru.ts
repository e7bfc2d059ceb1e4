/** Spec 1, section 9: the main area keeps up to 10 visited pages. */
export const CACHED_PAGES = 10;

/** Moves (or adds) the item with this key to the end, dropping the least recently used past max. */
export function touch<T extends { key: string }>(list: readonly T[], item: T, max = CACHED_PAGES): T[] {
  const rest = list.filter((entry) => entry.key !== item.key);
  return [...rest, item].slice(-max);
}

/**
 * The item with key `from` takes the new address (`item`), keeping its place in React (its
 * `id`) and moving to the end; another entry already at that address is dropped.
 */
export function rekey<T extends { key: string; id: string }>(
  list: readonly T[],
  from: string,
  item: Omit<T, 'id'>,
): T[] {
  const moved = list.find((entry) => entry.key === from);
  if (!moved) return list as T[];
  const rest = list.filter((entry) => entry !== moved && entry.key !== item.key);
  return [...rest, { ...item, id: moved.id } as T];
}
