import type { ActionCommand } from '../../commands/command-types.ts';

/**
 * The palette's commands on the selection of the mute conditions screen (part of THE registry,
 * src/web/commands/registry.ts; runner in src/web/commands/mute-actions.ts).
 */

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
  },
];
