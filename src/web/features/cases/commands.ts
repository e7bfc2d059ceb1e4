import { CASE_STATUSES } from '../../../../machines/case-editor/draft.ts';
import { statusLabel } from '../../commands/argument-labels.ts';
import { matchChoices, normaliseWord, RESOLUTIONS } from '../../commands/arguments.ts';
import { never } from '../../commands/command-helpers.ts';
import type { ActionCommand } from '../../commands/command-types.ts';

/**
 * The palette's commands on the selection of the cases list (part of THE registry,
 * src/web/commands/registry.ts; runners in src/web/commands/case-actions.ts). Their words differ
 * from the alert commands' (`>case-status`, not `>status`), so each word names one command
 * wherever it is typed.
 */

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
  },
];
