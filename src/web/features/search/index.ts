import { defineFeature } from '../feature.ts';
import { SEARCH_COMMANDS } from './commands.ts';

/** Log search (spec 2; issue 11): the /search screen. Its sidebar link is the shell's (group 2). */
export const searchFeature = defineFeature({
  id: 'search',
  routes: [{ path: '/search/:id?', name: 'search' }],
  screens: {
    search: () => import('./SearchPage.tsx').then((m) => m.SearchPage),
  },
  commands: SEARCH_COMMANDS,
  namespaces: ['search'],
});
