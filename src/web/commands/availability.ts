import type { ActionCommand, Availability } from './command-types.ts';
import { type CommandTarget, isSelection } from './target.ts';

/**
 * Whether an action can run on the current target. A command decides for itself when it says
 * `availableOn`; otherwise it needs a non-empty selection of its kind the user may change.
 */
export function actionAvailability(command: ActionCommand, target: CommandTarget | null): Availability {
  return command.availableOn ? command.availableOn(target) : onSelection(command.target, target);
}

/** A selection of this kind with something in it, which the user may change. */
export function onSelection(kind: string, target: CommandTarget | null): Availability {
  if (!isSelection(target) || target.kind !== kind || target.ids.length === 0) return 'noSelection';
  return target.canChange === false ? 'noPermission' : 'available';
}

/**
 * A screen target of this kind offering this command's handler now; `noScreen` away from it,
 * `notReady` when the screen leaves the handler out (nothing to export yet).
 */
export function onScreen(
  kind: string,
  commandId: string,
  target: CommandTarget | null,
  reasons: { noScreen: string; notReady: string },
): Availability {
  if (!target || isSelection(target) || target.kind !== kind) return reasons.noScreen;
  return target.actions[commandId] ? 'available' : reasons.notReady;
}
