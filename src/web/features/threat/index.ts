import { defineFeature } from '../feature.ts';

/**
 * Threat intelligence (spec 2, section 2): single and bulk look-ups, breach look-ups of e-mail
 * accounts, and the sandbox. Its sidebar link is in the second group.
 */
export const threatFeature = defineFeature({
  id: 'threat',
  routes: [{ path: '/threat', name: 'threat_intel' }],
  screens: {
    threat_intel: () => import('./ThreatPage.tsx').then((m) => m.ThreatPage),
  },
  sidebar: [
    {
      id: 'threat',
      group: 'second',
      position: 2,
      signedOut: true,
      to: '/threat',
      route: 'threat_intel',
      icon: 'threat',
      label: 'sidebar_threat',
    },
  ],
  gKeys: { threat_intel: 't' },
  namespaces: ['threat'],
});

/** Where an indicator was seen before, for another area's screen (an alert's page), loaded when shown. */
export const loadThreatSightings = () => import('./ThreatSightings.tsx').then((m) => m.ThreatSightings);
