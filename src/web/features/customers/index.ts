import { defineFeature } from '../feature.ts';

/** Customers (spec 2, section 2): the list, their details and subscriptions. */
export const customersFeature = defineFeature({
  id: 'customers',
  routes: [{ path: '/customers', name: 'customers' }],
  screens: {
    customers: () => import('./CustomersPage.tsx').then((m) => m.CustomersPage),
  },
  sidebar: [
    {
      id: 'customers',
      group: 'third',
      position: 0,
      signedOut: true,
      to: '/customers',
      route: 'customers',
      icon: 'customers',
    },
  ],
  gKeys: { customers: 'x' },
  namespaces: ['customers'],
});
