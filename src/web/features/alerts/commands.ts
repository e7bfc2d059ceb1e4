import type { Status } from '../../../common/statuses.ts';
import { durationLabel, priorityLabel, statusLabel } from '../../commands/argument-labels.ts';
import {
  isId,
  MUTE_CHOICES,
  matchChoices,
  PRIORITY_CHOICES,
  RESOLUTIONS,
  STATUS_TARGETS,
} from '../../commands/arguments.ts';
import { never, noArgs, oneOf, shortcut } from '../../commands/command-helpers.ts';
import type {
  ActionCommand,
  Command,
  CommandGroupInfo,
  TargetKindInfo,
} from '../../commands/command-types.ts';

/**
 * The alerts' part of THE registry (src/web/commands/registry.ts): the list's and the alert
 * screen's keys, and the palette's commands on selected alerts (runners in actions.ts, loaded
 * when one runs).
 */

export const ALERTS_GROUPS: CommandGroupInfo[] = [
  { id: 'alertList', order: 30, title: (l) => l.commands('help.groups.alertList') },
  { id: 'alertScreen', order: 40, title: (l) => l.commands('help.groups.alertScreen') },
  { id: 'alerts', order: 60, title: (l) => l.commands('help.groups.alerts') },
];

export const ALERTS_TARGET: TargetKindInfo = {
  id: 'alerts',
  icon: 'alerts',
  selection: (l, count) => l.commands('palette.selection', { count }),
};

/**
 * The alert list's own keys (/alerts), besides the list keys: bound by these ids through
 * useListKeys' `screenKeys` (src/web/keyboard/use-list-keys.ts), each chord read from here.
 */
export const ALERT_LIST: Command[] = [
  shortcut('alertList.filter', 'alertList', ['f'], (l) => l.commands('registry.alertListFilter')),
  shortcut('alertList.update', 'alertList', ['u'], (l) => l.commands('registry.alertListUpdate')),
  shortcut('alertList.export', 'alertList', ['e'], (l) => l.commands('registry.alertListExport')),
];

/**
 * Keys of the alert screen (/alerts/:id), run through useScreenKeys
 * (src/web/keyboard/use-screen-keys.ts) by these ids; each chord is read from here.
 */
export const ALERT_SCREEN: Command[] = [
  shortcut('alert.back', 'alertScreen', ['esc'], (l) => l.commands('registry.alertBack')),
  shortcut('alert.status', 'alertScreen', ['s'], (l) => l.commands('registry.alertStatus')),
  shortcut('alert.priority', 'alertScreen', ['p'], (l) => l.commands('registry.alertPriority')),
  shortcut('alert.comment', 'alertScreen', ['c'], (l) => l.commands('registry.alertComment')),
  shortcut('alert.mute', 'alertScreen', ['m'], (l) => l.commands('registry.alertMute')),
  shortcut('alert.case', 'alertScreen', ['a'], (l) => l.commands('registry.alertCase')),
];

const statusArg = oneOf(STATUS_TARGETS);
const priorityArg = oneOf(PRIORITY_CHOICES);
const muteArg = oneOf(MUTE_CHOICES);
const assignArg = oneOf(['me']);

const ALERT_ACTION_ENTRIES: Omit<ActionCommand, 'run'>[] = [
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

export const ALERT_ACTIONS: ActionCommand[] = ALERT_ACTION_ENTRIES.map((command) => ({
  ...command,
  run: (ctx, args) => import('./actions.ts').then((m) => m.runAlertCommand(command.id, ctx, args)),
}));

/** In display order: list keys, alert screen keys, then the commands on a selection. */
export const ALERTS_COMMANDS: readonly Command[] = [...ALERT_LIST, ...ALERT_SCREEN, ...ALERT_ACTIONS];
