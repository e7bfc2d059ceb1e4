import { noArgs } from '../../commands/command-helpers.ts';
import type { ActionCommand, Availability, NavigationCommand } from '../../commands/command-types.ts';
import { type CommandTarget, isSelection } from '../../commands/target.ts';

/** `>terminal`: on an agent's page (or one selected agent), opens its terminal screen. */
function onOneAgent(target: CommandTarget | null): Availability {
  if (!isSelection(target) || target.kind !== 'agents' || target.ids.length === 0) return 'noAgent';
  return target.ids.length === 1 ? 'available' : 'oneAgent';
}

export const TERMINAL_COMMANDS: readonly (ActionCommand | NavigationCommand)[] = [
  {
    kind: 'action',
    id: 'agents.terminal',
    group: 'agents',
    keys: [],
    target: 'agents',
    slash: 'terminal',
    usage: '>terminal',
    label: (l) => l.commands('registry.agentsTerminal'),
    ...noArgs,
    destructive: () => false,
    confirm: () => '',
    availableOn: onOneAgent,
    reasons: {
      noAgent: (l) => l.commands('palette.noTerminalAgent'),
      oneAgent: (l) => l.commands('palette.oneTerminalAgent'),
    },
    run: async (ctx) => {
      const target = ctx.target;
      if (isSelection(target)) ctx.navigate(`/agents/${target.ids[0]}/terminal`);
      return { summary: null };
    },
  },
];
