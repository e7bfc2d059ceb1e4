import { never, noArgs, shortcut } from '../../commands/command-helpers.ts';
import type { ActionCommand, Availability, Command, CommandGroupInfo } from '../../commands/command-types.ts';
import { type CommandTarget, isSelection } from '../../commands/target.ts';

/**
 * The assistant's part of THE registry: the key that opens its panel, and the palette's commands
 * that ask it about the open alert or case. They only read: a draft lands in the comment editor
 * for a person to edit and send.
 */
export const ASSISTANT_GROUPS: CommandGroupInfo[] = [
  { id: 'assistant', order: 110, title: (l) => l.commands('help.groups.assistant') },
];

/** One alert or case in view (its page, or the focused row of its list). */
const oneOf =
  (kind: string) =>
  (target: CommandTarget | null): Availability =>
    isSelection(target) && target.kind === kind && target.ids.length === 1 ? 'available' : 'noSelection';

const ENTRIES: Omit<ActionCommand, 'run'>[] = [
  {
    kind: 'action',
    id: 'assistant.explain-alert',
    group: 'assistant',
    keys: [],
    labs: 'lab_aviator',
    target: 'alerts',
    slash: 'explain',
    usage: '>explain',
    label: (l) => l.commands('registry.assistantExplainAlert'),
    ...noArgs,
    availableOn: oneOf('alerts'),
    destructive: never,
    confirm: (l) => l.commands('confirm.assistant'),
  },
  {
    kind: 'action',
    id: 'assistant.case-summary',
    group: 'assistant',
    keys: [],
    labs: 'lab_aviator',
    target: 'cases',
    slash: 'summarise',
    usage: '>summarise',
    label: (l) => l.commands('registry.assistantCaseSummary'),
    ...noArgs,
    availableOn: oneOf('cases'),
    destructive: never,
    confirm: (l) => l.commands('confirm.assistant'),
  },
  {
    kind: 'action',
    id: 'assistant.customer-update',
    group: 'assistant',
    keys: [],
    labs: 'lab_aviator',
    target: 'alerts',
    slash: 'draft-update',
    usage: '>draft-update',
    label: (l) => l.commands('registry.assistantCustomerUpdate'),
    ...noArgs,
    availableOn: oneOf('alerts'),
    destructive: never,
    confirm: (l) => l.commands('confirm.assistant'),
  },
];

export const ASSISTANT_COMMANDS: readonly Command[] = [
  {
    ...shortcut('assistant.open', 'assistant', ['i'], (l) => l.commands('registry.assistantOpen')),
    labs: 'lab_aviator',
  },
  ...ENTRIES.map(
    (command): ActionCommand => ({
      ...command,
      run: (ctx) => import('./actions.ts').then((m) => m.runAssistantCommand(command.id, ctx)),
    }),
  ),
];
