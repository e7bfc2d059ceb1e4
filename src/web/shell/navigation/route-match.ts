import { matchRoute, type Parser } from 'wouter';
import { ROUTES, type RouteEntry, type RouteName } from '../../routes.ts';

export type RouteParams = Record<string, string | undefined>;

export interface MatchedRoute {
  /** The route table entry; null for "page not found". */
  entry: RouteEntry | null;
  name: RouteName;
  params: RouteParams;
}

/** The first route of the table that matches the path; unknown paths are error_400 (spec 1, §2.1). */
export function matchLocation(parser: Parser, path: string): MatchedRoute {
  for (const entry of ROUTES as readonly RouteEntry[]) {
    const [matches, params] = matchRoute(parser, entry.path, path);
    if (matches) return { entry, name: entry.name, params: { ...params } };
  }
  return { entry: null, name: 'error_400', params: {} };
}
