import type { AlertChange, AlertState, ChangeField } from './alert-status.context.ts';

/** Events of the alert-status machine. */
export type AlertStatusEvent =
  /** Opens the dialog for one field (keys s, p, or the classify control). */
  | { type: 'open'; field: ChangeField }
  /** The person picked the new value (and maybe a comment). */
  | { type: 'choose'; change: AlertChange; comment?: string }
  | { type: 'cancel' }
  /** Someone else's change was seen: read the alert again. */
  | { type: 'reload' }
  /** Tries the failed save again. */
  | { type: 'retry' }
  /** The screen read the alert again (e.g. after another action); keeps the machine current. */
  | { type: 'alert-loaded'; alert: AlertState };
