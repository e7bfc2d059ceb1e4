import { defineFeature } from '../feature.ts';
import { ALERTS_COMMANDS, ALERTS_GROUPS, ALERTS_TARGET } from './commands.ts';

/** Alerts (spec 2): the list, one alert's page, their keys and palette commands. */
/** The selection the alert screens offer the palette, for other areas' commands on alerts (`>escalate`). */
export type { AlertsCommandTarget } from './command-target.ts';

export const alertsFeature = defineFeature({
  id: 'alerts',
  routes: [
    { path: '/alerts', name: 'alerts' },
    { path: '/alerts/:id', name: 'alert' },
  ],
  screens: {
    alerts: () => import('./AlertsPage.tsx').then((m) => m.AlertsPage),
    alert: () => import('./AlertDetailPage.tsx').then((m) => m.AlertDetailPage),
  },
  sidebar: [{ id: 'alerts', position: 1, to: '/alerts', route: 'alerts', icon: 'alerts' }],
  gKeys: { alerts: 'a' },
  commands: ALERTS_COMMANDS,
  commandGroups: ALERTS_GROUPS,
  targetKinds: [ALERTS_TARGET],
  namespaces: ['alerts'],
});
