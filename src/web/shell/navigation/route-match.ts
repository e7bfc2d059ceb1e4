import { matchRoute, type Parser } from 'wouter';
import { ROUTES, type RouteEntry, type RouteName } from '../../routes.ts';

export type RouteParams = Record<string, string | undefined>;

export interface MatchedRoute {
  /** The route table entry; null for "page not found". */
  entry: RouteEntry | null;
  name: RouteName;
  params: RouteParams;
}

const hasParameters = (entry: RouteEntry) => entry.path.includes(':');

/**
 * The table with the fixed paths first: `/alerts/muted` wins over `/alerts/:id` whatever order
 * the features list their routes in.
 */
const MATCH_ORDER = [...ROUTES.filter((e) => !hasParameters(e)), ...ROUTES.filter(hasParameters)];

/** The route that matches the path, a fixed one first; unknown paths are error_400 (spec 1, §2.1). */
export function matchLocation(parser: Parser, path: string): MatchedRoute {
  for (const entry of MATCH_ORDER) {
    const [matches, params] = matchRoute(parser, entry.path, path);
    if (matches) return { entry, name: entry.name, params: { ...params } };
  }
  return { entry: null, name: 'error_400', params: {} };
}
