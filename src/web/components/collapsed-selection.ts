/** How many chosen items a collapsed multi-select names before "+N" (spec 1, section 9). */
export const COLLAPSED_ITEMS = 3;

/** A collapsed multi-select's text: up to three chosen names, then "+N" for the rest. */
export function collapsedSelection(names: readonly string[]): string {
  const shown = names.slice(0, COLLAPSED_ITEMS).join(', ');
  const rest = names.length - COLLAPSED_ITEMS;
  return rest > 0 ? `${shown} +${rest}` : shown;
}
