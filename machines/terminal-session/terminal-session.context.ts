import type { ContractError } from '../shared/contract-error.ts';

/** Why a session ended, as the server says it; `lost` when its socket closed without a word. */
export type TerminalEndReason =
  | 'console'
  | 'agent'
  | 'agent_dropped'
  | 'console_dropped'
  | 'idle'
  | 'certificate'
  | 'server_stopping'
  | 'not_joined'
  | 'lost';

export interface TerminalSessionInput {
  agentId: string;
}

/** What starting a session answers (the contract's startTerminalSession). */
export interface StartedTerminal {
  session_id: string;
  host_name: string;
  socket_path: string;
}

export interface StartInput {
  agentId: string;
  cols: number;
  rows: number;
}

export interface TerminalSessionContext {
  agentId: string;
  /** The agent's host, once a session started on it. */
  host: string;
  /** The session's socket, while one is open. */
  socketPath: string | null;
  /** The size asked for at the start. */
  cols: number;
  rows: number;
  /** Why the server refused to start one (the contract's error code and message). */
  refusal: ContractError | null;
  reason: TerminalEndReason | null;
}
