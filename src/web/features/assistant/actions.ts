import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { isSelection } from '../../commands/target.ts';
import { assistantPanel } from './panel-store.ts';

/**
 * Opens the panel with the question the command asks about the alert or case in view. The
 * assistant only reads; a draft goes to the comment editor for a person to edit.
 */
export async function runAssistantCommand(id: string, ctx: RunContext): Promise<CommandOutcome> {
  const target = ctx.target;
  const item = isSelection(target) ? String(target.ids[0]) : '';
  const l = ctx.labels.commands;
  if (id === 'assistant.explain-alert')
    assistantPanel.open({ prompt: l('assistantPrompts.explainAlert', { id: item }), draft: false });
  else if (id === 'assistant.case-summary')
    assistantPanel.open({ prompt: l('assistantPrompts.caseSummary', { id: item }), draft: true });
  else assistantPanel.open({ prompt: l('assistantPrompts.customerUpdate', { id: item }), draft: true });
  return { summary: null };
}
