import 'i18next';
import type agents from '../features/agents/locales/en-GB/agents.json';
import type alerts from '../features/alerts/locales/en-GB/alerts.json';
import type cases from '../features/cases/locales/en-GB/cases.json';
import type customers from '../features/customers/locales/en-GB/customers.json';
import type dashboard from '../features/dashboard/locales/en-GB/dashboard.json';
import type domains from '../features/domains/locales/en-GB/domains.json';
import type mutes from '../features/mutes/locales/en-GB/mutes.json';
import type retention from '../features/retention/locales/en-GB/retention.json';
import type search from '../features/search/locales/en-GB/search.json';
import type threat from '../features/threat/locales/en-GB/threat.json';
import type access from '../features/users/locales/en-GB/access.json';
import type users from '../features/users/locales/en-GB/users.json';
import type vulnerabilities from '../features/vulnerabilities/locales/en-GB/vulnerabilities.json';
import type admin from './locales/en-GB/admin.json';
import type auth from './locales/en-GB/auth.json';
import type commands from './locales/en-GB/commands.json';
import type common from './locales/en-GB/common.json';
import type discussions from './locales/en-GB/discussions.json';
import type errors from './locales/en-GB/errors.json';
import type profile from './locales/en-GB/profile.json';
import type routes from './locales/en-GB/routes.json';
import type shell from './locales/en-GB/shell.json';
import type updates from './locales/en-GB/updates.json';

// Keys are typed from en-GB: a misspelt key fails the typecheck. Add each new namespace here.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      commands: typeof commands;
      mutes: typeof mutes;
      search: typeof search;
      retention: typeof retention;
      cases: typeof cases;
      customers: typeof customers;
      dashboard: typeof dashboard;
      domains: typeof domains;
      users: typeof users;
      access: typeof access;
      alerts: typeof alerts;
      agents: typeof agents;
      vulnerabilities: typeof vulnerabilities;
      threat: typeof threat;
      auth: typeof auth;
      common: typeof common;
      discussions: typeof discussions;
      errors: typeof errors;
      profile: typeof profile;
      routes: typeof routes;
      shell: typeof shell;
      updates: typeof updates;
    };
  }
}
