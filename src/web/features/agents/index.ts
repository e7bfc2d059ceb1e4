import { defineFeature } from '../feature.ts';
import { AGENTS_COMMANDS, AGENTS_GROUPS, AGENTS_TARGET } from './commands.ts';

export { type AlertAgentTarget, alertAgentOf } from './command-target.ts';

/** An agent action linked to another area's item (an alert's or a case's activity), loaded when shown. */
export const loadLinkedAction = () => import('./LinkedAction.tsx').then((m) => m.LinkedAction);

/** Endpoint agents (spec 2): the fleet list, one agent's page and the palette's response actions. */
export const agentsFeature = defineFeature({
  id: 'agents',
  routes: [
    { path: '/agents', name: 'agents', filtersInQuery: true },
    { path: '/agents/:id', name: 'agent' },
  ],
  screens: {
    agents: () => import('./AgentsPage.tsx').then((m) => m.AgentsPage),
    agent: () => import('./AgentPage.tsx').then((m) => m.AgentPage),
  },
  sidebar: [{ id: 'agents', position: 4, to: '/agents', route: 'agents', icon: 'agents' }],
  gKeys: { agents: 'n' },
  commands: AGENTS_COMMANDS,
  commandGroups: AGENTS_GROUPS,
  targetKinds: [AGENTS_TARGET],
  namespaces: ['agents'],
});
