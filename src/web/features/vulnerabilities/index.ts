import { defineFeature } from '../feature.ts';

/** The vulnerabilities report (spec 2, section 7): per customer and OS, drilled down to agents and CVEs. */
export const vulnerabilitiesFeature = defineFeature({
  id: 'vulnerabilities',
  routes: [{ path: '/vulnerabilities', name: 'vulnerabilities' }],
  screens: {
    vulnerabilities: () => import('./VulnerabilitiesPage.tsx').then((m) => m.VulnerabilitiesPage),
  },
  sidebar: [
    {
      id: 'vulnerabilities',
      position: 3,
      to: '/vulnerabilities',
      route: 'vulnerabilities',
      icon: 'vulnerabilities',
    },
  ],
  gKeys: { vulnerabilities: 'v' },
  namespaces: ['vulnerabilities'],
});
