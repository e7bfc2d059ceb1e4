import { defineFeature } from '../feature.ts';
import { DASHBOARD_COMMANDS } from './commands.ts';

/** The dashboard (/): every customer's state at a glance in charts, each with its table view. */
export const dashboardFeature = defineFeature({
  id: 'dashboard',
  routes: [{ path: '/', name: 'dashboard' }],
  screens: {
    dashboard: () => import('./DashboardPage.tsx').then((m) => m.DashboardPage),
  },
  gKeys: { dashboard: 'd' },
  commands: DASHBOARD_COMMANDS,
  namespaces: ['dashboard'],
});
