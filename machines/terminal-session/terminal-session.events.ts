import type { TerminalEndReason } from './terminal-session.context.ts';

/** Events of the terminal session machine. */
export type TerminalSessionEvent =
  /** Start a session at this size (the terminal drawn and on show, or "Start a new session"). */
  | { type: 'start'; cols: number; rows: number }
  /** The screen left the view (cached out of sight, or gone): the session ends as the console gone. */
  | { type: 'leave' }
  /** The person ends the session (button or Ctrl+Shift+E). */
  | { type: 'end' }
  /** Keystrokes and a new size, for the session's socket. */
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number }
  /** From the session's socket: the agent has joined; the session has ended. */
  | { type: 'socket.ready' }
  | { type: 'socket.ended'; reason: TerminalEndReason };
