import { defineFeature } from '../feature.ts';

/**
 * Threat intelligence (spec 2, section 2): single and bulk look-ups, breach look-ups of e-mail
 * accounts, and the sandbox. Its sidebar link is in the second group (the shell's own list).
 */
export const threatFeature = defineFeature({
  id: 'threat',
  routes: [{ path: '/threat', name: 'threat_intel' }],
  screens: {
    threat_intel: () => import('./ThreatPage.tsx').then((m) => m.ThreatPage),
  },
  gKeys: { threat_intel: 't' },
  namespaces: ['threat'],
});
