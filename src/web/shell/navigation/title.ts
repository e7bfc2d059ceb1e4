import { compactNumber } from '../../../common/format.ts';
import { createStore, useStore } from '../store.ts';

/**
 * The browser tab title (spec 1, section 2.1): an optional count in brackets, the translated
 * route name and the product suffix; without a route name only the suffix.
 */
export function formatTitle(routeTitle: string | null, count: number | null, suffix: string): string {
  if (!routeTitle) return suffix;
  const prefix = count === null ? '' : `(${compactNumber(count)}) `;
  return `${prefix}${routeTitle} | ${suffix}`;
}

export const titleCount = createStore<number | null>(null);

export function useTitleCountValue(): number | null {
  return useStore(titleCount);
}
