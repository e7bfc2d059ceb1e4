import type { AccessRule } from '../../common/permissions.ts';
import type { Status } from '../../common/statuses.ts';
import { ROUTES, type RouteName } from '../routes.ts';
import { durationLabel, priorityLabel, statusLabel } from './argument-labels.ts';
import {
  isId,
  MUTE_CHOICES,
  matchChoices,
  normaliseWord,
  PRIORITY_CHOICES,
  RESOLUTIONS,
  STATUS_TARGETS,
} from './arguments.ts';
import type {
  ActionCommand,
  Command,
  CommandGroup,
  Entry,
  NavigationCommand,
  QueryAction,
  ShortcutEntry,
} from './command-types.ts';
import { CASES, MUTES } from './registry-cases-mutes.ts';

/**
 * THE registry of every command and shortcut of the console (DESIGN section 7). The palette,
 * the global key dispatcher, the `?` overlay and docs/keyboard.md (npm run docs:keyboard) all
 * read this one list, so they cannot disagree. Pure data: no React, no DOM, no API calls (the
 * runners are in run-command.ts), so the docs script can import it under Node.
 *
 * Key sequences are written as chords separated by spaces: `g a` is g then a (within 1 s),
 * `mod+k` is Ctrl+K (⌘K on a Mac), `shift+j`, `esc`, `enter`.
 */

export type {
  ActionCommand,
  Command,
  CommandGroup,
  Completion,
  Labels,
  NavigationCommand,
  QueryAction,
  ShortcutEntry,
  TargetKind,
} from './command-types.ts';
export { GROUPS } from './command-types.ts';

/** `g` then a letter (spec: DESIGN section 7). Screens without a letter are in the palette. */
export const G_KEYS: Partial<Record<RouteName, string>> = {
  alerts: 'a',
  cases: 'c',
  dashboard: 'd',
  vulnerabilities: 'v',
  agents: 'n',
  search: 's',
  reports: 'r',
  threat_intel: 't',
  users: 'u',
  'mute-conditions': 'm',
  profile: 'p',
  customers: 'x',
  domains: 'o',
};

/** Error pages are reached, not visited. */
const NOT_DESTINATIONS: readonly RouteName[] = ['error_500', 'error_403', 'error_400'];

/** Screens without (required) parameters that a signed-in person opens: one command each. */
function navigationCommands(): NavigationCommand[] {
  const commands: NavigationCommand[] = [];
  for (const route of ROUTES) {
    const entry: { path: string; name: RouteName; open?: boolean; access?: AccessRule } = route;
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
      label: (l) => l.routes(name),
    });
  }
  return commands;
}

const shortcut = (id: string, group: CommandGroup, keys: string[], label: Entry['label']): ShortcutEntry => ({
  kind: 'shortcut',
  id,
  group,
  keys,
  label,
});

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
    href: (query) => `/search?query=${encodeURIComponent(query.trim())}`,
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
 * The alert list's own keys (/alerts), besides the list keys: bound by these ids through
 * useListKeys' `screenKeys` (src/web/keyboard/use-list-keys.ts), each chord read from here.
 */
const ALERT_LIST: Command[] = [
  shortcut('alertList.filter', 'alertList', ['f'], (l) => l.commands('registry.alertListFilter')),
  shortcut('alertList.update', 'alertList', ['u'], (l) => l.commands('registry.alertListUpdate')),
  shortcut('alertList.export', 'alertList', ['e'], (l) => l.commands('registry.alertListExport')),
];

/**
 * Keys of the alert screen (/alerts/:id), run through useScreenKeys
 * (src/web/keyboard/use-screen-keys.ts) by these ids; each chord is read from here.
 */
const ALERT_SCREEN: Command[] = [
  shortcut('alert.back', 'alertScreen', ['esc'], (l) => l.commands('registry.alertBack')),
  shortcut('alert.status', 'alertScreen', ['s'], (l) => l.commands('registry.alertStatus')),
  shortcut('alert.priority', 'alertScreen', ['p'], (l) => l.commands('registry.alertPriority')),
  shortcut('alert.comment', 'alertScreen', ['c'], (l) => l.commands('registry.alertComment')),
  shortcut('alert.mute', 'alertScreen', ['m'], (l) => l.commands('registry.alertMute')),
  shortcut('alert.case', 'alertScreen', ['a'], (l) => l.commands('registry.alertCase')),
];

/** A command taking one word out of a fixed list. */
function oneOf(choices: readonly string[]) {
  return {
    takesArgs: true,
    parse: (text: string) => {
      const word = normaliseWord(text);
      return choices.includes(word) ? [word] : null;
    },
    matches: (text: string) => matchChoices(choices, text),
  };
}

const statusArg = oneOf(STATUS_TARGETS);
const priorityArg = oneOf(PRIORITY_CHOICES);
const muteArg = oneOf(MUTE_CHOICES);
const assignArg = oneOf(['me']);

const noArgs = {
  takesArgs: false,
  parse: () => [],
  complete: () => [],
};
const never = () => false;

const ALERTS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'alerts.status',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'status',
    usage: `>status ${STATUS_TARGETS.join('|')}`,
    label: (l) => l.commands('registry.alertsStatus'),
    takesArgs: true,
    parse: statusArg.parse,
    complete: (text, l) =>
      statusArg
        .matches(text)
        .map((s) => ({ args: [s], label: l.commands('complete.status', { status: statusLabel(l, s) }) })),
    destructive: (args) => RESOLUTIONS.includes(args[0] as Status),
    confirm: (l, args, count) => {
      if (args[0] === 'false_positive') return l.commands('confirm.falsePositive', { count });
      if (args[0] === 'closed') return l.commands('confirm.close', { count });
      return l.commands('confirm.status', { count, status: statusLabel(l, args[0] ?? '') });
    },
  },
  {
    kind: 'action',
    id: 'alerts.false-positive',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'false-positive',
    usage: '>false-positive',
    label: (l) => l.commands('registry.alertsFalsePositive'),
    ...noArgs,
    destructive: () => true,
    confirm: (l, _args, count) => l.commands('confirm.falsePositive', { count }),
  },
  {
    kind: 'action',
    id: 'alerts.priority',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'priority',
    usage: `>priority ${PRIORITY_CHOICES.join('|')}`,
    label: (l) => l.commands('registry.alertsPriority'),
    takesArgs: true,
    parse: priorityArg.parse,
    complete: (text, l) =>
      priorityArg.matches(text).map((p) => ({
        args: [p],
        label: l.commands('complete.priority', { priority: priorityLabel(l, p) }),
      })),
    destructive: never,
    confirm: (l, args, count) =>
      l.commands('confirm.priority', { count, priority: priorityLabel(l, args[0] ?? '') }),
  },
  {
    kind: 'action',
    id: 'alerts.assign',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'assign',
    usage: '>assign me',
    label: (l) => l.commands('registry.alertsAssign'),
    takesArgs: true,
    parse: assignArg.parse,
    complete: (text, l) =>
      assignArg.matches(text).map(() => ({ args: ['me'], label: l.commands('complete.assignMe') })),
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.assign', { count }),
  },
  {
    kind: 'action',
    id: 'alerts.case',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'case',
    usage: '>case new | >case add <case id>',
    label: (l) => l.commands('registry.alertsCase'),
    takesArgs: true,
    parse: (text) => {
      const [word = '', id = '', ...rest] = text.trim().split(/\s+/);
      const sub = word.toLowerCase();
      if (sub === 'new' && id === '') return ['new'];
      if (sub === 'add' && isId(id) && rest.length === 0) return ['add', id];
      return null;
    },
    complete: (text, l) => {
      const [word = '', id = ''] = text.trim().split(/\s+/);
      const sub = word.toLowerCase();
      if (sub === 'add' && isId(id))
        return [{ args: ['add', id], label: l.commands('complete.caseAddId', { id }) }];
      if (sub === 'add') return [{ args: ['add'], label: l.commands('complete.caseAdd'), partial: true }];
      return matchChoices(['new', 'add'], sub).map((choice) =>
        choice === 'new'
          ? { args: ['new'], label: l.commands('complete.caseNew') }
          : { args: ['add'], label: l.commands('complete.caseAdd'), partial: true },
      );
    },
    destructive: never,
    confirm: (l, args, count) =>
      args[0] === 'add'
        ? l.commands('confirm.caseAdd', { count, id: args[1] ?? '' })
        : l.commands('confirm.caseNew', { count }),
  },
  {
    kind: 'action',
    id: 'alerts.mute',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'mute',
    usage: `>mute ${MUTE_CHOICES.join('|')}`,
    label: (l) => l.commands('registry.alertsMute'),
    takesArgs: true,
    parse: muteArg.parse,
    complete: (text, l) =>
      muteArg
        .matches(text)
        .map((d) => ({ args: [d], label: l.commands('complete.mute', { duration: durationLabel(l, d) }) })),
    destructive: () => true,
    confirm: (l, args, count) =>
      l.commands('confirm.mute', { count, duration: durationLabel(l, args[0] ?? '1d') }),
  },
  {
    kind: 'action',
    id: 'alerts.comment',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'comment',
    usage: '>comment <text>',
    label: (l) => l.commands('registry.alertsComment'),
    takesArgs: true,
    parse: (text) => (text.trim() === '' ? null : [text.trim()]),
    complete: (text, l) =>
      text.trim() === ''
        ? [{ args: [], label: l.commands('complete.commentHint'), partial: true }]
        : [{ args: [text.trim()], label: l.commands('complete.comment', { text: text.trim() }) }],
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.comment', { count }),
  },
  {
    kind: 'action',
    id: 'alerts.export',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    slash: 'export',
    usage: '>export',
    label: (l) => l.commands('registry.alertsExport'),
    ...noArgs,
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.export', { count }),
  },
];

/** Registered now; available once an agents screen provides a selection (see docs/keyboard.md). */
const AGENTS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'agents.isolate',
    group: 'agents',
    keys: [],
    target: 'agents',
    slash: 'isolate',
    usage: '>isolate',
    label: (l) => l.commands('registry.agentsIsolate'),
    ...noArgs,
    destructive: () => true,
    confirm: (l, _args, count) => l.commands('confirm.isolate', { count }),
  },
  {
    kind: 'action',
    id: 'agents.scan',
    group: 'agents',
    keys: [],
    target: 'agents',
    slash: 'scan',
    usage: '>scan',
    label: (l) => l.commands('registry.agentsScan'),
    ...noArgs,
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.scan', { count }),
  },
  {
    kind: 'action',
    id: 'agents.restart',
    group: 'agents',
    keys: [],
    target: 'agents',
    slash: 'restart',
    usage: '>restart',
    label: (l) => l.commands('registry.agentsRestart'),
    ...noArgs,
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.restart', { count }),
  },
];

/** Every command and shortcut, in display order. */
export const REGISTRY: readonly Command[] = [
  ...GENERAL,
  ...navigationCommands(),
  ...LISTS,
  ...ALERT_LIST,
  ...ALERT_SCREEN,
  ...ALERTS,
  ...CASES,
  ...MUTES,
  ...AGENTS,
];

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
