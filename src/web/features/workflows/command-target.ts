import type { ScreenTarget } from '../../commands/target.ts';

/**
 * The workflow editor (WorkflowEditorPage.tsx): no selection, the screen itself. `>workflow
 * run|pause|test` runs the handler the editor's own buttons use.
 */
export interface WorkflowCommandTarget extends ScreenTarget {
  kind: 'workflow';
  actions: Partial<Record<'workflow.act', (args: readonly string[]) => void>>;
}
