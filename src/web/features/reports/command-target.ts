import type { ScreenTarget, SelectionTarget } from '../../commands/target.ts';
import type { ReportScreenCommandId } from './commands.ts';

/** The report builder (ReportEditor.tsx): its preview, send now and schedule, by command. */
export interface ReportCommandTarget extends ScreenTarget {
  kind: 'report';
  actions: Partial<Record<ReportScreenCommandId, (args: readonly string[]) => void>>;
}

/** The reports list (ReportsPage.tsx): the selected reports, else the focused one. */
export interface ReportsCommandTarget extends SelectionTarget<string> {
  kind: 'reports';
}
