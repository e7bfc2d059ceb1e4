import { defineFeature } from '../feature.ts';

/**
 * Log retention (spec 2, section 2; issue 11): per customer, the events stored now by type, the
 * data usage over time and the days kept, which provider staff may change. The spec does not
 * show its path; it is /log-retention. The spec's sidebar groups do not name it either, so its
 * link comes after them, in the last group, for every signed-in person (customers see their own).
 */
export const retentionFeature = defineFeature({
  id: 'retention',
  routes: [{ path: '/log-retention', name: 'log_retention' }],
  screens: {
    log_retention: () => import('./RetentionPage.tsx').then((m) => m.RetentionPage),
  },
  sidebar: [
    {
      id: 'logRetention',
      group: 'last',
      position: 0,
      to: '/log-retention',
      route: 'log_retention',
      icon: 'log-retention',
    },
  ],
  namespaces: ['retention'],
});
