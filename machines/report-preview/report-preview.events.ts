import type { PreviewRequest } from './report-preview.context.ts';

/** Events of the report-preview machine. */
export type ReportPreviewEvent =
  /** The report was saved, or its customer or groups changed: draw it again after a pause. */
  | { type: 'change'; request: PreviewRequest }
  /** Draw it again now (the pane's button or `r`), also after a failure. */
  | { type: 'refresh' };
