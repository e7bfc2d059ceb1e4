import { shortcut } from '../../commands/command-helpers.ts';
import type { Command, CommandGroupInfo } from '../../commands/command-types.ts';

export const DASHBOARD_GROUPS: CommandGroupInfo[] = [
  { id: 'dashboard', order: 50, title: (l) => l.commands('help.groups.dashboard') },
];

/**
 * The dashboard's keys (part of THE registry, src/web/commands/registry.ts). `t` and `r` are
 * bound through useScreenKeys; the chart keys belong to a focused chart (ChartFigure), listed
 * here so the `?` overlay and docs/keyboard.md name them.
 */
export const DASHBOARD_COMMANDS: Command[] = [
  shortcut('dashboard.tables', 'dashboard', ['t'], (l) => l.commands('registry.dashboardTables')),
  shortcut('dashboard.range', 'dashboard', ['r'], (l) => l.commands('registry.dashboardRange')),
  shortcut('dashboard.point', 'dashboard', ['←', '→', '↑', '↓'], (l) =>
    l.commands('registry.dashboardPoint'),
  ),
  shortcut('dashboard.open', 'dashboard', ['enter'], (l) => l.commands('registry.dashboardOpen')),
];
