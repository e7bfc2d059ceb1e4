import type { ComponentType } from 'react';
import type { LabsToggle } from '../../common/labs.ts';
import type { ScreenProps } from '../app/screen-props.ts';
import type { Command } from '../commands/command-types.ts';
import type { IconName } from '../components/Icon.tsx';
import type { Access } from '../session/access.ts';
import type { SidebarItemId } from '../shell/layout/sidebar-items.ts';

/**
 * What an area of the console brings, declared in its folder (features/<area>/index.ts) and
 * gathered by the one list in features/index.ts. Pure data, no React: the keyboard docs script
 * reads it under Node. See src/web/README.md.
 */

/** A route of the table (spec 1, section 2.1); `name` is its title key in the `routes` namespace. */
export interface FeatureRoute<Name extends string = string> {
  readonly path: string;
  readonly name: Name;
  readonly open?: boolean;
  /** The operationId whose rule the route follows, or a rule of its own (src/web/session/access.ts). */
  readonly access?: Access;
  /**
   * The page keeps its filters in the query and writes them back as they change: it stays one
   * page of the page cache whatever its query, and applies a new one itself.
   */
  readonly filtersInQuery?: boolean;
  /** A labs feature: the route is absent (page not found) until the user switches this on. */
  readonly labs?: LabsToggle;
}

/** Loads a screen's module on first visit; each screen is its own chunk. */
export type ScreenLoader = () => Promise<ComponentType<ScreenProps>>;

/**
 * A sidebar link shown to signed-in people: in the first group (spec 1, section 2.3), or, for an
 * area the spec names without a place in the sidebar, in the last group, after the spec's groups.
 */
export interface FeatureSidebarEntry<Name extends string = string> {
  readonly id: SidebarItemId;
  /** Its group: the first (the default) or the last. */
  readonly group?: 'first' | 'last';
  /** Its place among the group's links (first: dashboard 0, alerts 1, cases 2, vulnerabilities 3, agents 4). */
  readonly position: number;
  readonly to: string;
  readonly route: Name;
  readonly icon: IconName;
  /** A labs feature: the link is absent until the user switches this on. */
  readonly labs?: LabsToggle;
}

export interface Feature<Routes extends readonly FeatureRoute[] = readonly FeatureRoute[]> {
  readonly id: string;
  /** Its routes; a static path always wins over a pattern, so their order does not matter. */
  readonly routes: Routes;
  /** The screen of each of its routes. */
  readonly screens: { readonly [K in Routes[number]['name']]: ScreenLoader };
  readonly sidebar?: readonly FeatureSidebarEntry<Routes[number]['name']>[];
  /** `g` then this letter opens the route (DESIGN section 7). */
  readonly gKeys?: { readonly [K in Routes[number]['name']]?: string };
  /** Its palette commands and key entries, in display order (part of commands/registry.ts). */
  readonly commands?: readonly Command[];
  /** Its translation namespaces (locales/<language>/<namespace>.json in its folder). */
  readonly namespaces: readonly string[];
}

/** Declares a feature, keeping its route names as literal types (they make up RouteName). */
export const defineFeature = <const Routes extends readonly FeatureRoute[]>(feature: Feature<Routes>) =>
  feature;
