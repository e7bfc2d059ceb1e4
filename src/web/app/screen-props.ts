import type { RouteName } from '../routes.ts';

/** What every screen receives: its route's parameters (spec 1, section 2.1) and its route name. */
export interface ScreenProps {
  params: Record<string, string | undefined>;
  route: RouteName;
}
