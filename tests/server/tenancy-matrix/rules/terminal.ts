import { type AreaRules, signedLink } from './types.ts';

/** The terminal. */
export const TERMINAL_RULES: AreaRules = {
  openTerminalConsole: {
    path: (ids) => ({ session_id: ids.terminalSession }),
    query: () => ({ ticket: 'not-a-ticket' }),
    expect: 'websocket',
    control: signedLink,
  },
  joinTerminalSession: {
    path: (ids) => ({ session_id: ids.terminalSession }),
    expect: 'websocket',
    control: { none: 'only the agent the session was opened on may join it' },
  },
  listTerminalRecordings: { expect: 'filtered' },
  getTerminalRecording: { path: (ids) => ({ session_id: ids.terminalSession }) },
};
