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
export function parseFrame(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** How a keystroke frame and an output frame begin when JSON.stringify writes them. */
export const INPUT_START = '{"type":"input","data":"';
export const OUTPUT_START = '{"type":"output","data":"';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE_BRACE = 0x7d;
/** The escapes JSON.stringify writes by their letter: \" \\ \b \f \n \r \t. */
const SHORT_ESCAPES = new Set([QUOTE, BACKSLASH, 0x62, 0x66, 0x6e, 0x72, 0x74]);
/** The control characters that have a short escape, and so are never written as \u00XX. */
const SHORT_ESCAPED = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);
const hexDigit = (c: number) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1);

/**
 * The data of a frame that is exactly `JSON.stringify({ type, data })` for a data that is not
 * empty (`start` gives the type: INPUT_START or OUTPUT_START), as its JSON string, quotes
 * included; null for any other frame. Such a frame can be passed on as received: there is
 * nothing in it but the type and this data, so the other side reads from it exactly what the
 * recording keeps. Any other frame (a field twice, another field, another order, spaces, an
 * escape JSON.stringify would not write) is parsed and written anew.
 */
export function canonicalData(text: string, start: string): string | null {
  // The data's closing quote and the closing brace.
  const end = text.length - 2;
  if (
    end <= start.length ||
    text.charCodeAt(end) !== QUOTE ||
    text.charCodeAt(end + 1) !== CLOSE_BRACE ||
    !text.startsWith(start)
  )
    return null;
  for (let i = start.length; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c < 0x20) return null;
    if (c === BACKSLASH) {
      if (i + 1 >= end) return null;
      const letter = text.charCodeAt(++i);
      if (SHORT_ESCAPES.has(letter)) continue;
      // Else \u00XX (lower-case hex) for a control character without a short escape.
      if (letter !== 0x75 || i + 4 >= end) return null;
      if (text.charCodeAt(i + 1) !== 0x30 || text.charCodeAt(i + 2) !== 0x30) return null;
      const high = hexDigit(text.charCodeAt(i + 3));
      const low = hexDigit(text.charCodeAt(i + 4));
      if (high < 0 || high > 1 || low < 0 || SHORT_ESCAPED.has(high * 16 + low)) return null;
      i += 4;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A surrogate pair passes as it is; JSON.stringify escapes a lone one.
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || i + 1 >= end || next < 0xdc00 || next > 0xdfff) return null;
      i++;
    }
  }
  return text.slice(start.length - 1, end + 1);
}

export const isSize = (n: unknown, min: number, max: number): n is number =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
