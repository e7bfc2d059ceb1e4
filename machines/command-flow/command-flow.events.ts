import type { CommandChoice } from './command-flow.context.ts';

/** Events of the command flow. */
export type CommandFlowEvent =
  /** A command was picked (Enter on a command or on one of its completions). */
  | { type: 'choose'; choice: CommandChoice }
  /** The arguments changed while arguing (typing after `>status `). */
  | { type: 'argue'; choice: CommandChoice }
  /** The confirmation was accepted. */
  | { type: 'confirm' }
  /** Back to choosing: the confirmation or the arguments were abandoned. */
  | { type: 'cancel' }
  /** Run the failed command again. */
  | { type: 'retry' }
  /** Start over after Done or Failed. */
  | { type: 'reset' };
