import { ADMINISTRATION_RULES } from './administration.ts';
import { AGENTS_RULES } from './agents.ts';
import { ALERTS_RULES } from './alerts.ts';
import { ASSISTANT_RULES } from './assistant.ts';
import { CASES_RULES } from './cases.ts';
import { CONNECTORS_RULES } from './connectors.ts';
import { CUSTOMERS_RULES } from './customers.ts';
import { DASHBOARD_RULES } from './dashboard.ts';
import { DOMAINS_RULES } from './domains.ts';
import { ESCALATIONS_RULES } from './escalations.ts';
import { INTEGRATIONS_RULES } from './integrations.ts';
import { LOGS_RULES } from './logs.ts';
import { MUTES_RULES } from './mutes.ts';
import { REPORTS_RULES } from './reports.ts';
import { TERMINAL_RULES } from './terminal.ts';
import { THREAT_RULES } from './threat.ts';
import type { AreaRules } from './types.ts';
import { UPDATES_RULES } from './updates.ts';
import { USERS_RULES } from './users.ts';
import { VULNERABILITIES_RULES } from './vulnerabilities.ts';
import { WORKFLOWS_RULES } from './workflows.ts';

export type { MatrixRule, SharedRule } from './types.ts';

/**
 * Every operation that takes an id or a customer: how the tenancy matrix calls it. An operation
 * the contract gains with such a parameter and no entry here fails the matrix. One file an area;
 * the controls run in this order (those that end their row last), so an area's later entries may
 * rely on what its earlier controls left, as the comments in workflows.ts and assistant.ts say.
 */
export const MATRIX_RULES: AreaRules = {
  ...ADMINISTRATION_RULES,
  ...AGENTS_RULES,
  ...ALERTS_RULES,
  ...ASSISTANT_RULES,
  ...CASES_RULES,
  ...CONNECTORS_RULES,
  ...CUSTOMERS_RULES,
  ...DASHBOARD_RULES,
  ...DOMAINS_RULES,
  ...ESCALATIONS_RULES,
  ...INTEGRATIONS_RULES,
  ...LOGS_RULES,
  ...MUTES_RULES,
  ...REPORTS_RULES,
  ...TERMINAL_RULES,
  ...THREAT_RULES,
  ...UPDATES_RULES,
  ...USERS_RULES,
  ...VULNERABILITIES_RULES,
  ...WORKFLOWS_RULES,
};
