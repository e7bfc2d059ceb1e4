import { defineFeature } from '../feature.ts';

/**
 * Platform provisioning (spec 2, sections 2 and 4): open to everyone; a signed-in user sees where
 * the provisioning of each of their customers stands (it can take up to 2 business days).
 */
export const provisioningFeature = defineFeature({
  id: 'provisioning',
  routes: [{ path: '/status/provisioning', name: 'provisioning', open: true }],
  screens: {
    provisioning: () => import('./ProvisioningPage.tsx').then((m) => m.ProvisioningPage),
  },
  namespaces: ['provisioning'],
});
