import { defineFeature } from '../feature.ts';
import { CASES_COMMANDS, CASES_GROUPS, CASES_TARGET } from './commands.ts';

/** Cases (spec 2): the list, one case's page and the palette's commands on selected cases. */
export const casesFeature = defineFeature({
  id: 'cases',
  routes: [
    { path: '/cases', name: 'cases' },
    { path: '/cases/:id', name: 'case' },
  ],
  screens: {
    cases: () => import('./CasesPage.tsx').then((m) => m.CasesPage),
    case: () => import('./CasePage.tsx').then((m) => m.CasePage),
  },
  sidebar: [{ id: 'cases', position: 2, to: '/cases', route: 'cases', icon: 'cases', preview: true }],
  gKeys: { cases: 'c' },
  commands: CASES_COMMANDS,
  commandGroups: CASES_GROUPS,
  targetKinds: [CASES_TARGET],
  namespaces: ['cases'],
});
