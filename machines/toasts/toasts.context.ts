/** Notification severities (spec 1, section 3); info is the default, danger counts as an error. */
export type Severity = 'info' | 'warning' | 'danger' | 'success';
export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'danger', 'success'];

/** Spec 1, section 9: a notification closes itself after 10000 ms unless told otherwise. */
export const AUTO_CLOSE_MS = 10_000;
/** Spec 1, section 2.2: the toast area shows the last 4 notifications. */
export const VISIBLE_TOASTS = 4;
/** Notifications kept with the session. */
export const HISTORY_SIZE = 20;

export interface Notification {
  id: string;
  severity: Severity;
  title: string;
  message: string;
  /** Milliseconds since the epoch, given by whoever raised it. */
  timestamp: number;
  /** E-mail of the signed-in user, when there is one. */
  user: string | null;
  /** Milliseconds until it closes itself; false keeps it until closed by hand. */
  autoClose: number | false;
}

export interface ToastsContext {
  /** Toasts on screen, oldest first. */
  toasts: Notification[];
  /** The last notifications, oldest first, persisted with the session. */
  history: Notification[];
  /** Number of the next notification id. */
  nextId: number;
}

export interface ToastsInput {
  history?: readonly Notification[];
}
