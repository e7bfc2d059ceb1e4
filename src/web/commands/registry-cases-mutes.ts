import { CASE_STATUSES } from '../../../machines/case-editor/draft.ts';
import { statusLabel } from './argument-labels.ts';
import { matchChoices, normaliseWord, RESOLUTIONS } from './arguments.ts';
import type { ActionCommand } from './command-types.ts';

/**
 * The palette's commands on the selection of the cases list and of the mute conditions screen
 * (part of THE registry, src/web/commands/registry.ts; runners in case-actions.ts and
 * mute-actions.ts). Their words differ from the alert commands' (`>case-status`, not
 * `>status`), so each word names one command wherever it is typed.
 */

const never = () => false;

export const CASES: ActionCommand[] = [
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

export const MUTES: ActionCommand[] = [
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
