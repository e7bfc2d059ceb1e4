import type { BulkFields, BulkTargets } from './bulk-triage.context.ts';

/** Events of the bulk-triage machine. */
export type BulkTriageEvent =
  /** Opens the bulk update dialog on the selected alerts (or all matching). */
  | { type: 'open'; targets: BulkTargets }
  /** The form is filled in: show what will happen before doing it. */
  | { type: 'review'; fields: BulkFields; comment?: string; commentPrivate?: boolean }
  /** Back from the confirmation (or a failure) to the form. */
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'retry' }
  /** Closes the dialog, whatever it shows. */
  | { type: 'close' };
