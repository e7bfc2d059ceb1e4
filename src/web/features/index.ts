import type { CommandGroupInfo, TargetKindInfo } from '../commands/command-types.ts';
import { agentsFeature } from './agents/index.ts';
import { alertsFeature } from './alerts/index.ts';
import { assistantFeature } from './assistant/index.ts';
import { casesFeature } from './cases/index.ts';
import { connectorsFeature } from './connectors/index.ts';
import { customersFeature } from './customers/index.ts';
import { dashboardFeature } from './dashboard/index.ts';
import { domainsFeature } from './domains/index.ts';
import { escalationsFeature } from './escalations/index.ts';
import type { FeaturePanel, FeatureRoute, FeatureSidebarEntry, ScreenLoader } from './feature.ts';
import { integrationsFeature } from './integrations/index.ts';
import { logsFeature } from './logs/index.ts';
import { mutesFeature } from './mutes/index.ts';
import { profileFeature } from './profile/index.ts';
import { provisioningFeature } from './provisioning/index.ts';
import { reportsFeature } from './reports/index.ts';
import { retentionFeature } from './retention/index.ts';
import { terminalFeature } from './terminal/index.ts';
import { threatFeature } from './threat/index.ts';
import { updatesFeature } from './updates/index.ts';
import { usersFeature } from './users/index.ts';
import { vulnerabilitiesFeature } from './vulnerabilities/index.ts';
import { workflowsFeature } from './workflows/index.ts';

/**
 * THE list of the console's areas. Adding an area is its folder (features/<area>/, with api.ts
 * and an index.ts descriptor) plus one line here; routes, screens, sidebar, g-keys, commands
 * and translations are read from the descriptors. The order is that of the navigation commands
 * and the palette's entries.
 */
export const FEATURES = [
  dashboardFeature,
  casesFeature,
  alertsFeature,
  mutesFeature,
  agentsFeature,
  customersFeature,
  usersFeature,
  vulnerabilitiesFeature,
  domainsFeature,
  logsFeature,
  retentionFeature,
  threatFeature,
  reportsFeature,
  integrationsFeature,
  escalationsFeature,
  workflowsFeature,
  profileFeature,
  updatesFeature,
  provisioningFeature,
  connectorsFeature,
  assistantFeature,
  terminalFeature,
] as const;

type AnyFeature = (typeof FEATURES)[number];
export type FeatureRouteName = AnyFeature['routes'][number]['name'];

/** Every feature's routes, in list order. */
export const FEATURE_ROUTES: readonly FeatureRoute<FeatureRouteName>[] = FEATURES.flatMap(
  (f): readonly FeatureRoute<FeatureRouteName>[] => f.routes,
);

/** Every feature's screen loader by route name. */
export const FEATURE_SCREENS = Object.assign({}, ...FEATURES.map((f) => f.screens)) as Record<
  FeatureRouteName,
  ScreenLoader
>;

/** The features' sidebar links, by their place in their group. */
export const FEATURE_SIDEBAR: readonly FeatureSidebarEntry<FeatureRouteName>[] = FEATURES.flatMap(
  (f): readonly FeatureSidebarEntry<FeatureRouteName>[] => f.sidebar ?? [],
).sort((a, b) => a.position - b.position);

/** The features' `g` letters by route name. */
export const FEATURE_G_KEYS = Object.assign({}, ...FEATURES.map((f) => f.gKeys ?? {})) as Partial<
  Record<FeatureRouteName, string>
>;

/** The features' commands and key entries, in list order. */
export const FEATURE_COMMANDS = FEATURES.flatMap((f) => f.commands ?? []);

/** The command groups the features declare (commands/registry.ts puts them among the shell's). */
export const FEATURE_COMMAND_GROUPS = FEATURES.flatMap(
  (f): readonly CommandGroupInfo[] => ('commandGroups' in f ? f.commandGroups : undefined) ?? [],
);

/** The kinds of selection the features' screens offer the `>` commands. */
export const FEATURE_TARGET_KINDS = FEATURES.flatMap(
  (f): readonly TargetKindInfo[] => ('targetKinds' in f ? f.targetKinds : undefined) ?? [],
);

/** The translation namespaces the features bring. */
export const FEATURE_NAMESPACES = FEATURES.flatMap((f) => f.namespaces);

/** What the features show beside every screen, each with the namespaces of its area. */
export const FEATURE_PANELS: readonly (FeaturePanel & { namespaces: readonly string[] })[] = FEATURES.flatMap(
  (f) => ('panels' in f ? (f.panels ?? []) : []).map((panel) => ({ ...panel, namespaces: f.namespaces })),
);
