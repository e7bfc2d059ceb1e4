import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { FEATURE_SCREENS, FEATURES } from '../features/index.ts';
import { loadNamespaces } from '../i18n/index.ts';
import type { RouteName } from '../routes.ts';
import type { ScreenProps } from './screen-props.ts';

export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** A lazily loaded named export; each screen is its own chunk. */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType<ScreenProps>>>,
  name: K,
): LazyScreen {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The namespaces of the area each feature route belongs to. */
const areaNamespaces = new Map<string, readonly string[]>(
  FEATURES.flatMap((feature) => feature.routes.map((route) => [route.name, feature.namespaces] as const)),
);

/**
 * The features' screens (features/index.ts), each lazily loaded together with its area's
 * translations, so a screen never draws before its strings.
 */
const featureScreens = Object.fromEntries(
  Object.entries(FEATURE_SCREENS).map(([name, load]) => [
    name,
    lazy(async () => {
      const [component] = await Promise.all([load(), loadNamespaces(areaNamespaces.get(name) ?? [])]);
      return { default: component };
    }),
  ]),
) as Record<keyof typeof FEATURE_SCREENS, LazyScreen>;

/** The screen of every route: the features' from their descriptors, the shell's own here. */
export const SCREENS: Record<RouteName, LazyScreen> = {
  ...featureScreens,
  admin: screen(() => import('../admin/AdminPage.tsx'), 'AdminPage'),
  login: screen(() => import('../session/pages/LoginPage.tsx'), 'LoginPage'),
  login_callback: screen(() => import('../session/pages/LoginCallbackPage.tsx'), 'LoginCallbackPage'),
  logout: screen(() => import('../session/pages/LogoutPage.tsx'), 'LogoutPage'),
  error_500: screen(() => import('../pages/ServerErrorPage.tsx'), 'ServerErrorPage'),
  error_403: screen(() => import('../pages/UnauthorizedPage.tsx'), 'UnauthorizedPage'),
  error_400: screen(() => import('../pages/NotFoundPage.tsx'), 'NotFoundPage'),
};

/** Routes drawn without the console's layout: sign-in flow, connector hand-off, provisioning. */
export const STANDALONE_ROUTES: readonly RouteName[] = [
  'login',
  'login_callback',
  'logout',
  'connectors_chrome',
  'connectors_chrome_redirect',
  'provisioning',
];
