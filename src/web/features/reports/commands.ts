import { onScreen } from '../../commands/availability.ts';
import { never, noArgs } from '../../commands/command-helpers.ts';
import type {
  ActionCommand,
  CommandGroupInfo,
  Labels,
  RunContext,
  TargetKindInfo,
} from '../../commands/command-types.ts';
import type { CommandTarget } from '../../commands/target.ts';

/**
 * The palette's report commands (part of THE registry, src/web/commands/registry.ts): `>open`
 * on the reports list's selection, and on the builder `>preview`, `>send` and `>schedule`, which
 * run the handlers the builder's own panes use (ReportEditor.tsx; run-on-screen.ts).
 */

export type ReportScreenCommandId = 'reports.preview' | 'reports.send' | 'reports.schedule';

export const REPORTS_GROUPS: CommandGroupInfo[] = [
  { id: 'reports', order: 110, title: (l) => l.commands('help.groups.reports') },
];

export const REPORTS_TARGETS: TargetKindInfo[] = [
  {
    id: 'reports',
    icon: 'reports',
    selection: (l, count) => l.commands('palette.selectionReports', { count }),
    noSelection: (l) => l.commands('palette.noSelectionReports'),
  },
  { id: 'report', icon: 'reports' },
];

function builderCommand(
  id: ReportScreenCommandId,
  slash: string,
  label: (l: Labels) => string,
): ActionCommand {
  return {
    kind: 'action',
    id,
    group: 'reports',
    keys: [],
    target: 'report',
    slash,
    usage: `>${slash}`,
    label,
    ...noArgs,
    destructive: never,
    confirm: label,
    availableOn: (target: CommandTarget | null) =>
      onScreen('report', id, target, { noScreen: 'noReportScreen', notReady: 'notReady' }),
    reasons: {
      noReportScreen: (l: Labels) => l.commands('palette.noReportScreen'),
      notReady: (l: Labels) => l.commands('palette.noReportScreen'),
    },
    run: (ctx: RunContext) => import('./run-on-screen.ts').then((m) => m.runOnReportScreen(ctx, id)),
  };
}

export const REPORTS_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'reports.open',
    group: 'reports',
    keys: [],
    target: 'reports',
    slash: 'open-report',
    usage: '>open-report',
    label: (l) => l.commands('registry.reportsOpen'),
    ...noArgs,
    destructive: never,
    confirm: (l) => l.commands('registry.reportsOpen'),
    run: (ctx) => import('./run-on-screen.ts').then((m) => m.openReport(ctx)),
  },
  builderCommand('reports.preview', 'preview', (l) => l.commands('registry.reportsPreview')),
  builderCommand('reports.send', 'send-report', (l) => l.commands('registry.reportsSend')),
  builderCommand('reports.schedule', 'schedule-report', (l) => l.commands('registry.reportsSchedule')),
];
