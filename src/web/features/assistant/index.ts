import { defineFeature } from '../feature.ts';
import { ASSISTANT_COMMANDS, ASSISTANT_GROUPS } from './commands.ts';

/**
 * The embedded chat assistant (spec 2, section 9): a side panel over every screen, with the
 * palette's "Explain this alert", "Draft a case summary" and "Draft an update for the customer".
 * A labs feature (lab_aviator); the provider switches it on (aviator_enabled).
 */
export const assistantFeature = defineFeature({
  id: 'assistant',
  routes: [],
  screens: {},
  panels: [
    {
      id: 'assistant',
      labs: 'lab_aviator',
      load: () => import('./AssistantPanel.tsx').then((m) => m.AssistantPanel),
    },
  ],
  commands: ASSISTANT_COMMANDS,
  commandGroups: ASSISTANT_GROUPS,
  namespaces: ['assistant'],
});
