import { ADMIN_TABS } from '../admin/admin-tabs.ts';
import {
  FEATURE_COMMAND_GROUPS,
  FEATURE_COMMANDS,
  FEATURE_G_KEYS,
  FEATURE_TARGET_KINDS,
} from '../features/index.ts';
import { ROUTES, type RouteEntry, type RouteName } from '../routes.ts';
import type { Access } from '../session/access.ts';
import { shortcut } from './command-helpers.ts';
import type {
  ActionCommand,
  Command,
  CommandGroupInfo,
  NavigationCommand,
  QueryAction,
  TargetKindInfo,
} from './command-types.ts';

/**
 * THE registry of every command and shortcut of the console (DESIGN section 7). The palette,
 * the global key dispatcher, the `?` overlay and docs/keyboard.md (npm run docs:keyboard) all
 * read this one list, so they cannot disagree. Pure data: no React, no DOM, no API calls (each
 * command loads its runner when it runs), so the docs script can import it under Node.
 *
 * Key sequences are written as chords separated by spaces: `g a` is g then a (within 1 s),
 * `mod+k` is Ctrl+K (⌘K on a Mac), `shift+j`, `esc`, `enter`.
 */

export type {
  ActionCommand,
  Command,
  CommandGroup,
  CommandGroupInfo,
  Completion,
  Labels,
  NavigationCommand,
  QueryAction,
  ShortcutEntry,
  TargetKind,
} from './command-types.ts';

/** The shell's own groups; the areas' come from their descriptors (features/index.ts). */
const SHELL_GROUPS: CommandGroupInfo[] = [
  { id: 'general', order: 0, title: (l) => l.commands('help.groups.general') },
  { id: 'navigation', order: 10, title: (l) => l.commands('help.groups.navigation') },
  { id: 'lists', order: 20, title: (l) => l.commands('help.groups.lists') },
];

/** Refuses a second declaration of the same id: two areas cannot share a name by accident. */
function unique<T extends { id: string }>(what: string, entries: readonly T[]): T[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.id)) throw new Error(`${what} ${entry.id} is declared twice`);
    seen.add(entry.id);
  }
  return [...entries];
}

/** Every group, in the order of the palette, the overlay and the docs. */
export const GROUPS: readonly CommandGroupInfo[] = unique('The command group', [
  ...SHELL_GROUPS,
  ...FEATURE_COMMAND_GROUPS,
]).sort((a, b) => a.order - b.order);

/** The kinds of selection `>` commands act on, as the areas declare them. */
export const TARGET_KINDS: readonly TargetKindInfo[] = unique('The target kind', FEATURE_TARGET_KINDS);

export const targetKind = (id: string): TargetKindInfo | undefined => TARGET_KINDS.find((k) => k.id === id);

/** `g` then a letter (spec: DESIGN section 7). Screens without a letter are in the palette. */
export const G_KEYS: Partial<Record<RouteName, string>> = FEATURE_G_KEYS;

/** Error pages are reached, not visited. */
const NOT_DESTINATIONS: readonly RouteName[] = ['error_500', 'error_403', 'error_400'];

/** Screens without (required) parameters that a signed-in person opens: one command each. */
function navigationCommands(): NavigationCommand[] {
  const commands: NavigationCommand[] = [];
  for (const route of ROUTES) {
    const entry: RouteEntry = route;
    if (entry.open || NOT_DESTINATIONS.includes(entry.name)) continue;
    const path = entry.path.replace(/\/:[^/]+\?$/, '');
    if (path.includes(':')) continue;
    const letter = G_KEYS[entry.name];
    const name = entry.name;
    commands.push({
      kind: 'navigate',
      id: `go.${name}`,
      group: 'navigation',
      keys: letter ? [`g ${letter}`] : [],
      route: name,
      path,
      access: entry.access,
      ...(entry.labs ? { labs: entry.labs } : {}),
      label: (l) => l.routes(name),
    });
  }
  return commands;
}

/** The tabs of /admin beyond its first, each a destination of its own (`/admin#audit`). */
function adminTabCommands(): NavigationCommand[] {
  const admin = ROUTES.find((route) => route.name === 'admin') as { access?: Access };
  return ADMIN_TABS.filter((tab) => tab !== 'users').map((tab) => ({
    kind: 'navigate',
    id: `go.admin.${tab}`,
    group: 'navigation',
    keys: [],
    route: 'admin',
    path: `/admin#${tab}`,
    access: admin.access,
    label: (l) => l.commands(`adminTabs.${tab}`),
  }));
}

const GENERAL: Command[] = [
  shortcut('palette.open', 'general', ['/', 'mod+k'], (l) => l.commands('registry.paletteOpen')),
  shortcut('palette.actions', 'general', ['>'], (l) => l.commands('registry.paletteActions')),
  shortcut('palette.close', 'general', ['esc'], (l) => l.commands('registry.paletteClose')),
  shortcut('help.show', 'general', ['?'], (l) => l.commands('registry.helpShow')),
  {
    kind: 'query',
    id: 'search.alertsMatching',
    group: 'general',
    keys: [],
    href: (query) => `/alerts?title=${encodeURIComponent(query.trim())}`,
    label: (l) => l.commands('registry.alertsMatching'),
    labelFor: (l, query) => l.commands('fixed.alertsMatching', { query: query.trim() }),
  },
  {
    kind: 'query',
    id: 'search.windowsLogs',
    group: 'general',
    keys: [],
    href: (query) => `/search?source=windows&query=${encodeURIComponent(query.trim())}`,
    label: (l) => l.commands('registry.windowsLogs'),
    labelFor: (l, query) => l.commands('fixed.windowsLogs', { query: query.trim() }),
  },
];

/** Keys of list screens (useListKeys in src/web/keyboard/use-list-keys.ts). */
const LISTS: Command[] = [
  shortcut('list.down', 'lists', ['j'], (l) => l.commands('registry.listDown')),
  shortcut('list.up', 'lists', ['k'], (l) => l.commands('registry.listUp')),
  shortcut('list.toggle', 'lists', ['x'], (l) => l.commands('registry.listToggle')),
  shortcut('list.extendDown', 'lists', ['shift+j'], (l) => l.commands('registry.listExtendDown')),
  shortcut('list.extendUp', 'lists', ['shift+k'], (l) => l.commands('registry.listExtendUp')),
  shortcut('list.extend', 'lists', ['shift+x'], (l) => l.commands('registry.listExtend')),
  shortcut('list.details', 'lists', ['d'], (l) => l.commands('registry.listDetails')),
  shortcut('list.open', 'lists', ['enter'], (l) => l.commands('registry.listOpen')),
  shortcut('list.back', 'lists', ['esc'], (l) => l.commands('registry.listBack')),
  shortcut('list.new', 'lists', ['n'], (l) => l.commands('registry.listNew')),
];

/**
 * Sorted by GROUPS (a stable sort: each group keeps its own order), as every list shows them.
 * A command of a group nobody declared, an action on a kind nobody offers or an id used twice
 * is refused here, when the registry is built.
 */
function inGroupOrder(commands: Command[]): Command[] {
  const order = new Map(GROUPS.map((group, index) => [group.id, index]));
  unique('The command', commands);
  for (const command of commands) {
    if (!order.has(command.group)) throw new Error(`${command.id}: no command group ${command.group}`);
    if (command.kind === 'action' && !targetKind(command.target))
      throw new Error(`${command.id}: no target kind ${command.target}`);
  }
  return commands.sort((a, b) => (order.get(a.group) ?? 0) - (order.get(b.group) ?? 0));
}

/** Every command and shortcut, in display order. */
export const REGISTRY: readonly Command[] = inGroupOrder([
  ...GENERAL,
  ...navigationCommands(),
  ...adminTabCommands(),
  ...LISTS,
  ...FEATURE_COMMANDS,
]);

export const NAVIGATION = REGISTRY.filter((c): c is NavigationCommand => c.kind === 'navigate');
export const ACTIONS = REGISTRY.filter((c): c is ActionCommand => c.kind === 'action');
export const QUERY_ACTIONS = REGISTRY.filter((c): c is QueryAction => c.kind === 'query');

export function findCommand(id: string): Command | undefined {
  return REGISTRY.find((c) => c.id === id);
}

/** The navigation command a `g` sequence's second letter leads to. */
export function navigationForLetter(letter: string): NavigationCommand | undefined {
  return NAVIGATION.find((c) => c.keys.includes(`g ${letter}`));
}
