import { CASE_STATUSES } from '../../../../machines/case-editor/case-statuses.ts';
import { statusLabel } from '../../commands/argument-labels.ts';
import { matchChoices, normaliseWord, RESOLUTIONS } from '../../commands/arguments.ts';
import { never } from '../../commands/command-helpers.ts';
import type { ActionCommand, CommandGroupInfo, TargetKindInfo } from '../../commands/command-types.ts';
import type { CaseStatus } from './actions.ts';

/**
 * The palette's commands on the selection of the cases list (part of THE registry,
 * src/web/commands/registry.ts; runners in actions.ts). Their words differ
 * from the alert commands' (`>case-status`, not `>status`), so each word names one command
 * wherever it is typed.
 */

export const CASES_GROUPS: CommandGroupInfo[] = [
  { id: 'cases', order: 70, title: (l) => l.commands('help.groups.cases') },
];

export const CASES_TARGET: TargetKindInfo = {
  id: 'cases',
  icon: 'cases',
  selection: (l, count) => l.commands('palette.selectionCases', { count }),
  noSelection: (l) => l.commands('palette.noSelectionCases'),
};

export const CASES_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'cases.status',
    group: 'cases',
    keys: [],
    target: 'cases',
    slash: 'case-status',
    usage: `>case-status ${CASE_STATUSES.join('|')}`,
    label: (l) => l.commands('registry.casesStatus'),
    takesArgs: true,
    parse: (text) => {
      const word = normaliseWord(text);
      return (CASE_STATUSES as readonly string[]).includes(word) ? [word] : null;
    },
    complete: (text, l) =>
      matchChoices(CASE_STATUSES, text).map((s) => ({
        args: [s],
        label: l.commands('complete.status', { status: statusLabel(l, s) }),
      })),
    // Resolving cases takes them out of work: the palette asks first, as for alerts.
    destructive: (args) => (RESOLUTIONS as readonly string[]).includes(args[0] ?? ''),
    confirm: (l, args, count) =>
      args[0] === 'closed'
        ? l.commands('confirm.caseClose', { count })
        : l.commands('confirm.caseStatus', { count, status: statusLabel(l, args[0] ?? '') }),
    run: (ctx, args) => import('./actions.ts').then((m) => m.setCaseStatus(ctx, args[0] as CaseStatus)),
  },
  {
    kind: 'action',
    id: 'cases.assign',
    group: 'cases',
    keys: [],
    target: 'cases',
    slash: 'case-assign',
    usage: '>case-assign me',
    label: (l) => l.commands('registry.casesAssign'),
    takesArgs: true,
    parse: (text) => (normaliseWord(text) === 'me' ? ['me'] : null),
    complete: (text, l) =>
      matchChoices(['me'], text).map(() => ({ args: ['me'], label: l.commands('complete.assignMe') })),
    destructive: never,
    confirm: (l, _args, count) => l.commands('confirm.caseAssign', { count }),
    run: (ctx) => import('./actions.ts').then((m) => m.assignCasesToMe(ctx)),
  },
];
