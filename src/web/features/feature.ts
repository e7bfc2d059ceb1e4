import type { ComponentType } from 'react';
import type { LabsToggle } from '../../common/labs.ts';
import type { ScreenProps } from '../app/screen-props.ts';
import type { Command, CommandGroupInfo, TargetKindInfo } from '../commands/command-types.ts';
import type { IconName } from '../components/Icon.tsx';
import type { Access } from '../session/access.ts';

/**
 * The sidebar's groups (spec 1, section 2.3): the first (dashboard, alerts, cases, …), the second
 * (search, reports, threat intel; the knowledge base, the shell's own link, after them), the
 * third (customers, domains, users), then the links shown only to some (integrations, …), and
 * last the areas the spec names without a place among its groups.
 */
export type SidebarGroup = 'first' | 'second' | 'third' | 'conditional' | 'last';

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
 * A sidebar link, shown to signed-in people who may open its route (its `access`), in its group
 * (spec 1, section 2.3).
 */
export interface FeatureSidebarEntry<Name extends string = string> {
  /** Unique among the sidebar's links (a unit test checks). */
  readonly id: string;
  /** Its group (the first by default). */
  readonly group?: SidebarGroup;
  /**
   * Its place among the group's links (first: dashboard 0, alerts 1, cases 2, vulnerabilities 3,
   * agents 4; second: search 0, reports 1, threat 2, the knowledge base 3; third: customers 0,
   * domains 1, users 2; conditional: integrations 0, escalations 1, workflows 2).
   */
  readonly position: number;
  /** Shown before sign-in too (the spec's groups 1 to 3 have their first links so). */
  readonly signedOut?: boolean;
  readonly to: string;
  readonly route: Name;
  readonly icon: IconName;
  /** The key of its name in the `routes` namespace (its routes.json); the route's title by default. */
  readonly label?: string;
  /** Marked as a preview beside its name. */
  readonly preview?: boolean;
  /** A labs feature: the link is absent until the user switches this on. */
  readonly labs?: LabsToggle;
}

/**
 * Something an area shows beside every screen (the assistant's side panel), loaded on first
 * use with the area's translations; absent while its labs toggle is off.
 */
export interface FeaturePanel {
  readonly id: string;
  readonly load: () => Promise<ComponentType>;
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
  /** The groups its commands are listed under (palette, `?` overlay, docs), with their place. */
  readonly commandGroups?: readonly CommandGroupInfo[];
  /** The kinds of selection its screens offer the `>` commands (commands/target.ts). */
  readonly targetKinds?: readonly TargetKindInfo[];
  /** What it shows beside every screen, for a signed-in user. */
  readonly panels?: readonly FeaturePanel[];
  /** Its translation namespaces (locales/<language>/<namespace>.json in its folder). */
  readonly namespaces: readonly string[];
}

/** Declares a feature, keeping its route names as literal types (they make up RouteName). */
export const defineFeature = <const Routes extends readonly FeatureRoute[]>(feature: Feature<Routes>) =>
  feature;
