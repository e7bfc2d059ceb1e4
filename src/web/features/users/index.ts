import { defineFeature } from '../feature.ts';

/** Users and contacts (spec 2, sections 2 and 3): the list, invitations, access, deletion. */
export const usersFeature = defineFeature({
  id: 'users',
  routes: [{ path: '/users', name: 'users' }],
  screens: {
    users: () => import('./UsersPage.tsx').then((m) => m.UsersPage),
  },
  sidebar: [
    {
      id: 'users',
      group: 'third',
      position: 2,
      signedOut: true,
      to: '/users',
      route: 'users',
      icon: 'users',
    },
  ],
  gKeys: { users: 'u' },
  namespaces: ['users', 'access'],
});

/** The signed-in user's own sign-in settings (password, API keys, sessions), for the profile screen. */
export const loadSignInSettings = () => import('./profile/SignInSettings.tsx').then((m) => m.SignInSettings);
