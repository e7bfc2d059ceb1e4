import { defineFeature } from '../feature.ts';

/**
 * Reports (spec 2): the report builder, branding and scheduling, once their API exists; until
 * then /reports says what is coming. Second in the sidebar's second group, `g r`.
 */
export const reportsFeature = defineFeature({
  id: 'reports',
  routes: [{ path: '/reports', name: 'reports' }],
  screens: {
    reports: () => import('./ReportsPage.tsx').then((m) => m.ReportsPage),
  },
  sidebar: [
    {
      id: 'reports',
      group: 'second',
      position: 1,
      signedOut: true,
      to: '/reports',
      route: 'reports',
      icon: 'reports',
    },
  ],
  gKeys: { reports: 'r' },
  namespaces: ['reports'],
});
