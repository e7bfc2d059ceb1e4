import { terminalSessionMachine } from '../terminal-session/terminal-session.machine.ts';
import type { CatalogueEntry } from './entry.ts';

const started = {
  session_id: 's1',
  host_name: 'ACME-WS-001',
  socket_path: '/api/terminal/v1/sessions/s1/console?ticket=t1',
};

export const terminalSession: CatalogueEntry = {
  name: 'terminal-session',
  machine: terminalSessionMachine,
  description:
    'A live terminal on an agent: started (or refused, each missing condition in its own words), the agent joining, live, ended from either side.',
  input: { agentId: 'agent-1' },
  events: [
    { type: 'start', cols: 80, rows: 24 },
    { type: 'leave' },
    { type: 'end' },
    { type: 'input', data: 'ls\r' },
    { type: 'resize', cols: 120, rows: 40 },
    { type: 'xstate.done.actor.startSession', output: started },
    {
      type: 'xstate.error.actor.startSession',
      error: { code: 'agent_not_connected', message: 'The agent is not connected.' },
    },
    { type: 'socket.ready' },
    { type: 'socket.ended', reason: 'console' },
    { type: 'socket.ended', reason: 'agent_dropped' },
  ],
};
