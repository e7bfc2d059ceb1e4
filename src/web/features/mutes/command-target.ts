import type { SelectionTarget } from '../../commands/target.ts';

/** The active mutes selected on the mute conditions screen (MutesPage.tsx). */
export interface MutesCommandTarget extends SelectionTarget<string> {
  kind: 'mutes';
  versions: Record<string, number>;
  /** False when the user may not change mutes. */
  canChange: boolean;
}
