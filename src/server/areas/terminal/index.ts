import { inScope } from '../../db/policies.ts';
import { defineArea } from '../area.ts';
import { getTerminalRecording, listTerminalRecordings } from './recordings.ts';
import {
  joinTerminalSession,
  openAgentTerminalChannel,
  openTerminalConsole,
  terminalSockets,
} from './sockets.ts';
import { startTerminalSession } from './start.ts';

/**
 * Live terminals on agents (spec 2, section 6): the console starts a session, the agent joins
 * it over the channel it dialled out, the relay carries and records both ways; administrators
 * replay the recordings.
 */
export const terminalArea = defineArea({
  name: 'terminal',
  handlers: {
    startTerminalSession,
    openTerminalConsole,
    openAgentTerminalChannel,
    joinTerminalSession,
    listTerminalRecordings,
    getTerminalRecording,
  },
  sockets: terminalSockets,
  tables: ['terminal_sessions', 'terminal_recording_chunks', 'terminal_relay_nodes', 'terminal_channels'],
  tenantPolicies: { terminal_sessions: inScope },
});
