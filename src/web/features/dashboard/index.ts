import { defineFeature } from '../feature.ts';
import { DASHBOARD_COMMANDS, DASHBOARD_GROUPS } from './commands.ts';

/** The dashboard (/): every customer's state at a glance in charts, each with its table view. */
export const dashboardFeature = defineFeature({
  id: 'dashboard',
  routes: [{ path: '/', name: 'dashboard' }],
  screens: {
    dashboard: () => import('./DashboardPage.tsx').then((m) => m.DashboardPage),
  },
  sidebar: [
    { id: 'dashboard', position: 0, signedOut: true, to: '/', route: 'dashboard', icon: 'dashboard' },
  ],
  gKeys: { dashboard: 'd' },
  commands: DASHBOARD_COMMANDS,
  commandGroups: DASHBOARD_GROUPS,
  namespaces: ['dashboard'],
});
