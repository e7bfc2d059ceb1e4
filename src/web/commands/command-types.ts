import type { TFunction } from 'i18next';
import type { CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import type { LabsToggle } from '../../common/labs.ts';
import type { IconName } from '../components/Icon.tsx';
import type { RouteName } from '../routes.ts';
import type { Access } from '../session/access.ts';
import type { NotifyOptions } from '../shell/toasts/ToastsProvider.tsx';
import type { CommandTarget } from './target.ts';

/** The shapes of the command registry's entries (src/web/commands/registry.ts). */

/** The translation functions labels are written with. */
export interface Labels {
  commands: TFunction<'commands'>;
  routes: TFunction<'routes'>;
}

/**
 * A group of the palette, the `?` overlay and docs/keyboard.md: the shell's own (general,
 * navigation, lists) and those the areas declare in their descriptors (`commandGroups`). Any
 * string; the registry refuses a command whose group nobody declared.
 */
export type CommandGroup = string;

/** A declared group: its id, its title and its place among the groups (lowest first). */
export interface CommandGroupInfo {
  id: CommandGroup;
  order: number;
  title(l: Labels): string;
}

/**
 * A kind of selection `>` commands act on (target.ts), declared by the area whose screens offer
 * it: how the palette names the selection, says there is none, and the icon of its commands.
 */
export interface TargetKindInfo {
  id: TargetKind;
  icon: IconName;
  /** '3 cases selected'; the general wording when absent. */
  selection?(l: Labels, count: number): string;
  /** 'Select cases first'; the general wording when absent. */
  noSelection?(l: Labels): string;
}

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

/** The kind of a command target (target.ts), declared by an area (`targetKinds`). */
export type TargetKind = string;

/**
 * Why an action cannot run now. The shell's own: no selection of its kind, a selection the user
 * may not change; a command may give others (`reasons` says how each reads).
 */
export type Unavailable = string;
export type Availability = 'available' | Unavailable;

/** What running a command needs from the page. */
export interface RunContext {
  target: CommandTarget | null;
  labels: Labels;
  navigate(path: string): void;
  notify(options: NotifyOptions): void;
  email: string | null;
}

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
  /** A line under the question naming what it acts on, when the target says more than a count. */
  confirmDetail?(l: Labels, target: CommandTarget | null): string | null;
  /**
   * Whether it can run on this target; absent, it needs a selection of its `target` kind that
   * the user may change (commands/availability.ts).
   */
  availableOn?(target: CommandTarget | null): Availability;
  /** How its own reasons read in the palette (those `availableOn` gives beyond the shell's). */
  reasons?: Readonly<Record<Unavailable, (l: Labels) => string>>;
  /**
   * Runs it on the target (already checked available), showing its own toast. Load the runner
   * lazily, `import('./actions.ts').then(...)`, so runners stay out of the first chunk.
   */
  run(ctx: RunContext, args: readonly string[]): Promise<CommandOutcome>;
}

export type Command = NavigationCommand | ShortcutEntry | QueryAction | ActionCommand;
