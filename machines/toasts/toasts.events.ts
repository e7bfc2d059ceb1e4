import type { Severity } from './toasts.context.ts';

/** Events of the toasts machine. */
export type ToastsEvent =
  /** Raise a notification. autoClose: milliseconds, false to keep it; default 10000. */
  | {
      type: 'notify';
      title: string;
      message: string;
      timestamp: number;
      severity?: Severity;
      autoClose?: number | false;
      user?: string | null;
    }
  /** Closed by hand. */
  | { type: 'close'; id: string }
  /** Its auto-close time passed; the machine sends it to itself. */
  | { type: 'auto-close'; id: string }
  /** The toast area appeared. */
  | { type: 'host-mounted' }
  /** The toast area went away: its toasts go with it. */
  | { type: 'host-gone' };
