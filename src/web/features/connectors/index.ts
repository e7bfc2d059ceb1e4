import { defineFeature } from '../feature.ts';

/**
 * The browser connector (spec 2, section 2): the consent page the Chrome extension opens and the
 * redirect page that hands the decision back to it (both open: the consent asks for a sign-in
 * itself), and the list of issued connector credentials with revoke, for the customers'
 * administrators and staff.
 */
export const connectorsFeature = defineFeature({
  id: 'connectors',
  routes: [
    { path: '/connectors', name: 'connectors', access: 'listConnectorCredentials' },
    { path: '/connectors/chrome', name: 'connectors_chrome', open: true },
    { path: '/connectors/chrome/redirect', name: 'connectors_chrome_redirect', open: true },
  ],
  screens: {
    connectors: () => import('./CredentialsPage.tsx').then((m) => m.CredentialsPage),
    connectors_chrome: () => import('./ConsentPage.tsx').then((m) => m.ConsentPage),
    connectors_chrome_redirect: () => import('./RedirectPage.tsx').then((m) => m.RedirectPage),
  },
  namespaces: ['connectors'],
});
