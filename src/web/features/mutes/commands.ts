import type { ActionCommand, CommandGroupInfo, TargetKindInfo } from '../../commands/command-types.ts';

/**
 * The palette's commands on the selection of the mute conditions screen (part of THE registry,
 * src/web/commands/registry.ts; runner in actions.ts).
 */

export const MUTES_GROUPS: CommandGroupInfo[] = [
  { id: 'mutes', order: 80, title: (l) => l.commands('help.groups.mutes') },
];

export const MUTES_TARGET: TargetKindInfo = {
  id: 'mutes',
  icon: 'alerts',
  selection: (l, count) => l.commands('palette.selectionMutes', { count }),
  noSelection: (l) => l.commands('palette.noSelectionMutes'),
};

export const MUTES_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'mutes.unmute',
    group: 'mutes',
    keys: [],
    target: 'mutes',
    slash: 'unmute',
    usage: '>unmute',
    label: (l) => l.commands('registry.mutesUnmute'),
    takesArgs: false,
    parse: () => [],
    complete: () => [],
    destructive: () => true,
    confirm: (l, _args, count) => l.commands('confirm.unmute', { count }),
    run: (ctx) => import('./actions.ts').then((m) => m.unmuteMutes(ctx)),
  },
];
