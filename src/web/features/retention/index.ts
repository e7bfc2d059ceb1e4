import { defineFeature } from '../feature.ts';

/**
 * Log retention (spec 2, section 2; issue 11): per customer, the events stored now by type, the
 * data usage over time and the days kept, which provider staff may change. The spec does not
 * show its path; it is /log-retention. Its sidebar link is the shell's (group 2, after search).
 */
export const retentionFeature = defineFeature({
  id: 'retention',
  routes: [{ path: '/log-retention', name: 'log_retention' }],
  screens: {
    log_retention: () => import('./RetentionPage.tsx').then((m) => m.RetentionPage),
  },
  namespaces: ['retention'],
});
