import { defineFeature } from '../feature.ts';

/**
 * Platform updates (spec 2): the list and one update's page for everyone signed in (their count
 * is the user menu's badge), and the administrators' tab that writes them (/admin#updates).
 */
export const updatesFeature = defineFeature({
  id: 'updates',
  routes: [
    { path: '/updates', name: 'updates' },
    { path: '/updates/:id', name: 'update_details' },
  ],
  screens: {
    updates: () => import('./UpdatesPage.tsx').then((m) => m.UpdatesPage),
    update_details: () => import('./UpdateDetailsPage.tsx').then((m) => m.UpdateDetailsPage),
  },
  // The administration page loads them too, for its tab of platform updates.
  namespaces: ['updates'],
});

/** The administration page's tab of platform updates, loaded when the tab opens. */
export const loadUpdatesAdminPanel = () => import('./admin/UpdatesPanel.tsx').then((m) => m.UpdatesPanel);
