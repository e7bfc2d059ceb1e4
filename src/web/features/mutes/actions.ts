import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import {
  eachItem,
  onTarget,
  reportSelection,
  type SelectionContext,
} from '../../commands/selection-actions.ts';
import { unmuteMute } from './api.ts';
import type { MutesCommandTarget } from './command-target.ts';

export type MuteActionContext = SelectionContext<MutesCommandTarget>;

/**
 * `>unmute`: each selected mute stops now (alerts it already muted stay muted), sent with the
 * version the list showed, so a mute someone changed meanwhile is reported rather than unmuted.
 */
export async function unmuteMutes(run: RunContext): Promise<CommandOutcome> {
  const ctx: MuteActionContext = onTarget<MutesCommandTarget>(run);
  const { ids, versions } = ctx.target;
  const { done, failed } = await eachItem(
    ids,
    // The server's messages name the mute.
    () => '',
    (id) => unmuteMute(id, versions[id]),
  );
  const text = done ? ctx.labels.commands('result.unmuted', { count: done }) : null;
  return reportSelection(ctx, text, failed);
}
