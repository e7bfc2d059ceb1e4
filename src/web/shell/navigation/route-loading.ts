import type { RouteName } from '../../routes.ts';
import { createStore, useStore } from '../store.ts';

/** Spec 1, section 9: a sidebar item shows its spinner when its route takes over 500 ms. */
export const SLOW_ROUTE_MS = 500;

export interface RouteLoadingState {
  /** The route whose screen is being fetched, or null. */
  loading: RouteName | null;
  /** True once that fetch has taken longer than SLOW_ROUTE_MS. */
  slow: boolean;
}

export const routeLoading = createStore<RouteLoadingState>({ loading: null, slow: false });

let generation = 0;

/**
 * Marks a navigation in progress (spec 1, section 2.1): a wait cursor on the page and
 * `data-loading-route` on <html>. Returns the function that clears both, on success or failure.
 */
export function beginRouteLoad(name: RouteName): () => void {
  const mine = ++generation;
  const root = document.documentElement;
  root.dataset.loadingRoute = name;
  document.body.classList.add('is-route-loading');
  routeLoading.set({ loading: name, slow: false });
  const timer = setTimeout(() => {
    if (mine === generation) routeLoading.set({ loading: name, slow: true });
  }, SLOW_ROUTE_MS);
  return () => {
    clearTimeout(timer);
    if (mine !== generation) return;
    delete root.dataset.loadingRoute;
    document.body.classList.remove('is-route-loading');
    routeLoading.set({ loading: null, slow: false });
  };
}

/** Whether this route's screen has been loading for more than 500 ms. */
export function useSlowRoute(name: RouteName | undefined): boolean {
  const state = useStore(routeLoading);
  return name !== undefined && state.slow && state.loading === name;
}
