import { defineFeature } from '../feature.ts';

/** Lookalike domains (spec 2, section 2 "Domains"): monitored domains, their lookalikes and each one's risk. */
export const domainsFeature = defineFeature({
  id: 'domains',
  routes: [
    { path: '/domains', name: 'domains' },
    { path: '/domains/:uid', name: 'domain_details' },
    { path: '/domains/:domainUid/:name', name: 'lookalike_details' },
  ],
  screens: {
    domains: () => import('./DomainsPage.tsx').then((m) => m.DomainsPage),
    domain_details: () => import('./DomainDetailsPage.tsx').then((m) => m.DomainDetailsPage),
    lookalike_details: () => import('./LookalikePage.tsx').then((m) => m.LookalikePage),
  },
  sidebar: [
    {
      id: 'domains',
      group: 'third',
      position: 1,
      signedOut: true,
      to: '/domains',
      route: 'domains',
      icon: 'domains',
    },
  ],
  gKeys: { domains: 'o' },
  namespaces: ['domains'],
});
