import type { TFunction } from 'i18next';
import type { LabsToggle } from '../../common/labs.ts';
import type { RouteName } from '../routes.ts';
import type { Access } from '../session/access.ts';

/** The shapes of the command registry's entries (src/web/commands/registry.ts). */

/** The translation functions labels are written with. */
export interface Labels {
  commands: TFunction<'commands'>;
  routes: TFunction<'routes'>;
}

export type CommandGroup =
  | 'general'
  | 'navigation'
  | 'lists'
  | 'alertList'
  | 'alertScreen'
  | 'dashboard'
  | 'alerts'
  | 'cases'
  | 'mutes'
  | 'agents'
  | 'search';
/** Order of the groups in the palette, the overlay and the docs. */
export const GROUPS: readonly CommandGroup[] = [
  'general',
  'navigation',
  'lists',
  'alertList',
  'alertScreen',
  'dashboard',
  'alerts',
  'cases',
  'mutes',
  'agents',
  'search',
];

export interface Entry {
  /** Stable id, kept in the recent-commands list. */
  id: string;
  group: CommandGroup;
  /** Key sequences that run it; empty when only the palette does. */
  keys: readonly string[];
  label(l: Labels): string;
  /**
   * A labs feature: absent from the palette and its keys do nothing until the user switches
   * this on (a navigation command takes its route's).
   */
  labs?: LabsToggle;
}

/** Goes to a screen; only offered when the user may open it (the route's access rule). */
export interface NavigationCommand extends Entry {
  kind: 'navigate';
  route: RouteName;
  path: string;
  access?: Access;
}

/** A key that acts by itself (open the palette, list movement); nothing to run from the palette. */
export interface ShortcutEntry extends Entry {
  kind: 'shortcut';
}

/** An omnibox action on the typed text (spec 1, section 2.5): shown whenever text is typed. */
export interface QueryAction extends Entry {
  kind: 'query';
  /** Where it goes for the typed text. */
  href(query: string): string;
  /** The label with the query in it. */
  labelFor(l: Labels, query: string): string;
}

/** A completion of a slash command's argument: picking it fills or runs the command. */
export interface Completion {
  args: string[];
  label: string;
  /** More must be typed after picking it (e.g. `>case add` needs a case number). */
  partial?: boolean;
}

export type TargetKind = 'alerts' | 'cases' | 'mutes' | 'agents' | 'search';

/** A slash command (`>status closed`) acting on the current screen's selection. */
export interface ActionCommand extends Entry {
  kind: 'action';
  /** The selection it needs (src/web/commands/target.ts). */
  target: TargetKind;
  /** Who is offered it at all (a permission, a labs toggle); absent from the palette otherwise. */
  access?: Access;
  /** The word after `>`. */
  slash: string;
  /** How it is written, for the overlay and the docs, e.g. `>mute 1h|1d|7d|30d`. */
  usage: string;
  /** Whether it takes arguments at all. */
  takesArgs: boolean;
  /** The arguments in the text after the word, or null while incomplete or invalid. */
  parse(text: string): string[] | null;
  /** Completions for the text after the word. */
  complete(text: string, l: Labels): Completion[];
  /** Whether it asks before running (status to a resolution, false positive, mute, isolate). */
  destructive(args: readonly string[]): boolean;
  /** The confirmation question, naming what it does to how many items. */
  confirm(l: Labels, args: readonly string[], count: number): string;
}

export type Command = NavigationCommand | ShortcutEntry | QueryAction | ActionCommand;
