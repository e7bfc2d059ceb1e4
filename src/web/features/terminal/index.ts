import { defineFeature } from '../feature.ts';
import { TERMINAL_COMMANDS } from './commands.ts';

/**
 * Live agent terminals (issue 27): a shell on an agent through the server's relay, from the
 * agent's page and the palette (`>terminal`), and the recordings administrators replay. Its
 * screens carry xterm.js, so it loads with them and never with the first chunk.
 */
export const terminalFeature = defineFeature({
  id: 'terminal',
  routes: [
    { path: '/agents/:id/terminal', name: 'agentTerminal' },
    { path: '/terminal/recordings', name: 'terminalRecordings', access: 'listTerminalRecordings' },
    { path: '/terminal/recordings/:id', name: 'terminalRecording', access: 'getTerminalRecording' },
  ],
  screens: {
    agentTerminal: () => import('./TerminalPage.tsx').then((m) => m.TerminalPage),
    terminalRecordings: () => import('./RecordingsPage.tsx').then((m) => m.RecordingsPage),
    terminalRecording: () => import('./RecordingPage.tsx').then((m) => m.RecordingPage),
  },
  commands: TERMINAL_COMMANDS,
  namespaces: ['terminal'],
});
