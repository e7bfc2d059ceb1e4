/** Why a session ended; the console shows each in the user's language. */
export const END_REASONS = [
  'console',
  'agent',
  'agent_dropped',
  'console_dropped',
  'idle',
  'certificate',
  'server_stopping',
  'server_stopped',
  'not_joined',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** The server's own wording of each reason (API clients and the log). */
export const END_MESSAGES: Record<EndReason, string> = {
  console: 'The session was ended from the console.',
  agent: 'The session was ended on the agent.',
  agent_dropped: 'The agent dropped its connection; the session has ended.',
  console_dropped: 'The console went away; the session has ended.',
  idle: 'Nothing was typed or shown for too long; the session has ended.',
  certificate: 'The terminal certificate expired or was revoked; the session has ended.',
  server_stopping: 'The server is stopping; the session has ended.',
  server_stopped: 'The server process relaying the session stopped; the session has ended.',
  not_joined: 'The agent did not join the session.',
};

/** What the console sends. */
export type ConsoleMessage =
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number }
  | { type: 'end' };

/** What the agent sends. */
export type AgentMessage = { type: 'output'; data: string } | { type: 'exit' };

/** A JSON text frame, or null when it is not one of the shapes expected. */
export function parseFrame(raw: unknown): Record<string, unknown> | null {
  try {
    const value = JSON.parse(String(raw));
    return value && typeof value === 'object' && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const isSize = (n: unknown, min: number, max: number): n is number =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
