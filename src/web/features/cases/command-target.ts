import type { SelectionTarget } from '../../commands/target.ts';

/** The cases list's selection (CasesPage.tsx). */
export interface CasesCommandTarget extends SelectionTarget<number> {
  kind: 'cases';
  /** The version each case had when listed, sent with the change (a stale one gets 409). */
  versions: Record<number, number>;
  /** False when the user may not change cases: the commands say so instead of failing. */
  canChange: boolean;
}
