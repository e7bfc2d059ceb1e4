import type { LabsToggle } from '../common/labs.ts';
import { FEATURE_ROUTES, type FeatureRouteName } from './features/index.ts';
import type { Access } from './session/access.ts';

/**
 * The route table (spec 1, section 2.1): the features' routes (features/index.ts, the dashboard
 * first), then the shell's own. `name` is the translation key of the route's title in
 * the `routes` namespace; `access` is checked by the route guard (spec 1, section 6): the
 * operationId whose rule the route follows (its list or read call), or a rule of its own for a
 * screen whose API does not exist yet.
 * `open` routes need no sign-in.
 */
export interface RouteEntry {
  path: string;
  name: RouteName;
  open?: boolean;
  access?: Access;
  filtersInQuery?: boolean;
  /** A labs feature: page not found until the user switches it on (features/feature.ts). */
  labs?: LabsToggle;
}

const SHELL_ROUTES = [
  { path: '/admin', name: 'admin', access: 'listSupportTasks' },
  { path: '/login', name: 'login', open: true },
  { path: '/login/callback', name: 'login_callback', open: true },
  { path: '/logout', name: 'logout', open: true },
  { path: '/error/500', name: 'error_500', open: true },
  { path: '/error/403', name: 'error_403', open: true },
] as const satisfies readonly {
  path: string;
  name: string;
  open?: boolean;
  access?: Access;
  labs?: LabsToggle;
}[];

export type RouteName = FeatureRouteName | (typeof SHELL_ROUTES)[number]['name'] | 'error_400';

/** Every route, in the order of the navigation commands. */
export const ROUTES: readonly RouteEntry[] = [...FEATURE_ROUTES, ...SHELL_ROUTES];
