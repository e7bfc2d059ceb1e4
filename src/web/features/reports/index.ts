import { defineFeature } from '../feature.ts';
import { REPORTS_COMMANDS, REPORTS_GROUPS, REPORTS_TARGETS } from './commands.ts';

/**
 * Reports (spec 2, sections 2, 3, 6, 7 and 9): the list, the builder of each report with its PDF
 * preview, schedules, send now and the delivery log, and branding. Second in the sidebar's second
 * group, `g r`; the spec names no builder route, so a report opens at /reports/{id}.
 */
export const reportsFeature = defineFeature({
  id: 'reports',
  routes: [
    { path: '/reports', name: 'reports' },
    { path: '/reports/:id', name: 'report_builder' },
  ],
  screens: {
    reports: () => import('./ReportsPage.tsx').then((m) => m.ReportsPage),
    report_builder: () => import('./ReportBuilderPage.tsx').then((m) => m.ReportBuilderPage),
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
  commands: REPORTS_COMMANDS,
  commandGroups: REPORTS_GROUPS,
  targetKinds: REPORTS_TARGETS,
  namespaces: ['reports'],
});
