import { defineFeature } from '../feature.ts';
import { SEARCH_COMMANDS, SEARCH_GROUPS, SEARCH_TARGET } from './commands.ts';

/** Log search (spec 2; issue 11): the /search screen, first in the sidebar's second group. */
export const logsFeature = defineFeature({
  id: 'logs',
  routes: [{ path: '/search/:id?', name: 'search' }],
  screens: {
    search: () => import('./SearchPage.tsx').then((m) => m.SearchPage),
  },
  sidebar: [
    {
      id: 'search',
      group: 'second',
      position: 0,
      signedOut: true,
      to: '/search',
      route: 'search',
      icon: 'search',
    },
  ],
  gKeys: { search: 's' },
  commands: SEARCH_COMMANDS,
  commandGroups: SEARCH_GROUPS,
  targetKinds: [SEARCH_TARGET],
  namespaces: ['search'],
});
