// Written by `npm run i18n:types` from the en-GB locale files: run it again, never edit by hand.
import 'i18next';
import type agents from '../features/agents/locales/en-GB/agents.json';
import type agentsRoutes from '../features/agents/locales/en-GB/routes.json';
import type alerts from '../features/alerts/locales/en-GB/alerts.json';
import type alertsRoutes from '../features/alerts/locales/en-GB/routes.json';
import type assistant from '../features/assistant/locales/en-GB/assistant.json';
import type assistantRoutes from '../features/assistant/locales/en-GB/routes.json';
import type cases from '../features/cases/locales/en-GB/cases.json';
import type casesRoutes from '../features/cases/locales/en-GB/routes.json';
import type connectors from '../features/connectors/locales/en-GB/connectors.json';
import type connectorsRoutes from '../features/connectors/locales/en-GB/routes.json';
import type customers from '../features/customers/locales/en-GB/customers.json';
import type customersRoutes from '../features/customers/locales/en-GB/routes.json';
import type dashboard from '../features/dashboard/locales/en-GB/dashboard.json';
import type dashboardRoutes from '../features/dashboard/locales/en-GB/routes.json';
import type domains from '../features/domains/locales/en-GB/domains.json';
import type domainsRoutes from '../features/domains/locales/en-GB/routes.json';
import type escalations from '../features/escalations/locales/en-GB/escalations.json';
import type escalationsRoutes from '../features/escalations/locales/en-GB/routes.json';
import type integrations from '../features/integrations/locales/en-GB/integrations.json';
import type integrationsRoutes from '../features/integrations/locales/en-GB/routes.json';
import type logsRoutes from '../features/logs/locales/en-GB/routes.json';
import type search from '../features/logs/locales/en-GB/search.json';
import type mutes from '../features/mutes/locales/en-GB/mutes.json';
import type mutesRoutes from '../features/mutes/locales/en-GB/routes.json';
import type profile from '../features/profile/locales/en-GB/profile.json';
import type profileRoutes from '../features/profile/locales/en-GB/routes.json';
import type provisioning from '../features/provisioning/locales/en-GB/provisioning.json';
import type provisioningRoutes from '../features/provisioning/locales/en-GB/routes.json';
import type reports from '../features/reports/locales/en-GB/reports.json';
import type reportsRoutes from '../features/reports/locales/en-GB/routes.json';
import type retention from '../features/retention/locales/en-GB/retention.json';
import type retentionRoutes from '../features/retention/locales/en-GB/routes.json';
import type terminalRoutes from '../features/terminal/locales/en-GB/routes.json';
import type terminal from '../features/terminal/locales/en-GB/terminal.json';
import type threatRoutes from '../features/threat/locales/en-GB/routes.json';
import type threat from '../features/threat/locales/en-GB/threat.json';
import type updatesRoutes from '../features/updates/locales/en-GB/routes.json';
import type updates from '../features/updates/locales/en-GB/updates.json';
import type access from '../features/users/locales/en-GB/access.json';
import type usersRoutes from '../features/users/locales/en-GB/routes.json';
import type users from '../features/users/locales/en-GB/users.json';
import type vulnerabilitiesRoutes from '../features/vulnerabilities/locales/en-GB/routes.json';
import type vulnerabilities from '../features/vulnerabilities/locales/en-GB/vulnerabilities.json';
import type workflowsRoutes from '../features/workflows/locales/en-GB/routes.json';
import type workflows from '../features/workflows/locales/en-GB/workflows.json';
import type admin from './locales/en-GB/admin.json';
import type auth from './locales/en-GB/auth.json';
import type commands from './locales/en-GB/commands.json';
import type common from './locales/en-GB/common.json';
import type discussions from './locales/en-GB/discussions.json';
import type errors from './locales/en-GB/errors.json';
import type routes from './locales/en-GB/routes.json';
import type shell from './locales/en-GB/shell.json';

// Keys are typed from en-GB: a misspelt key fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      access: typeof access;
      admin: typeof admin;
      agents: typeof agents;
      alerts: typeof alerts;
      assistant: typeof assistant;
      auth: typeof auth;
      cases: typeof cases;
      commands: typeof commands;
      common: typeof common;
      connectors: typeof connectors;
      customers: typeof customers;
      dashboard: typeof dashboard;
      discussions: typeof discussions;
      domains: typeof domains;
      errors: typeof errors;
      escalations: typeof escalations;
      integrations: typeof integrations;
      mutes: typeof mutes;
      profile: typeof profile;
      provisioning: typeof provisioning;
      reports: typeof reports;
      retention: typeof retention;
      routes: typeof routes &
        typeof agentsRoutes &
        typeof alertsRoutes &
        typeof assistantRoutes &
        typeof casesRoutes &
        typeof connectorsRoutes &
        typeof customersRoutes &
        typeof dashboardRoutes &
        typeof domainsRoutes &
        typeof escalationsRoutes &
        typeof integrationsRoutes &
        typeof logsRoutes &
        typeof mutesRoutes &
        typeof profileRoutes &
        typeof provisioningRoutes &
        typeof reportsRoutes &
        typeof retentionRoutes &
        typeof terminalRoutes &
        typeof threatRoutes &
        typeof updatesRoutes &
        typeof usersRoutes &
        typeof vulnerabilitiesRoutes &
        typeof workflowsRoutes;
      search: typeof search;
      shell: typeof shell;
      terminal: typeof terminal;
      threat: typeof threat;
      updates: typeof updates;
      users: typeof users;
      vulnerabilities: typeof vulnerabilities;
      workflows: typeof workflows;
    };
  }
}
