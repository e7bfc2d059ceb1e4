import { defineFeature } from '../feature.ts';

/**
 * The user's own profile (spec 2): preferences, labs toggles, the MDR contact and sign-in
 * settings; `g p`, and the user menu's first link.
 */
export const profileFeature = defineFeature({
  id: 'profile',
  routes: [{ path: '/profile', name: 'profile' }],
  screens: {
    profile: () => import('./ProfilePage.tsx').then((m) => m.ProfilePage),
  },
  gKeys: { profile: 'p' },
  namespaces: ['profile'],
});
