import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  cancelAgentAction,
  getAgentAction,
  listActionsOfAgents,
  listAgentActions,
  requestAgentAction,
  requestAgentActions,
} from './actions.ts';
import { setAgentAttribute } from './attributes.ts';
import { agentCheckIn } from './check-in.ts';
import {
  downloadAgentDiagnostics,
  getAgentDiagnostics,
  startAgentDiagnosticsUpload,
  uploadAgentDiagnosticsChunk,
} from './diagnostics.ts';
import { deleteAgent, getAgent, listAgents } from './handlers.ts';
import { downloadAgentInstaller, getAgentInstaller, requestAgentInstaller } from './installers.ts';
import { AGENTS_JOBS, AGENTS_SCHEDULES } from './jobs.ts';
import { enrolAgent, reportAgentAction } from './protocol.ts';
import {
  getAgentInventory,
  getAgentIssues,
  getAgentLoginLocations,
  getAgentVulnerabilities,
} from './report-reads.ts';
import {
  reportAgentInventory,
  reportAgentIssues,
  reportAgentLoginLocations,
  reportAgentVulnerabilities,
} from './reports.ts';
import { getAgentSettings, updateAgentSettings } from './settings.ts';
import {
  getTerminalCapability,
  grantTerminalCertificate,
  listTerminalCertificates,
  revokeTerminalCertificate,
} from './terminal.ts';
import { createEnrolmentToken, listEnrolmentTokens, revokeEnrolmentToken } from './tokens.ts';
import { getAgentTotals } from './totals.ts';

/**
 * Endpoint agents (spec 2, sections 4 and 7): the list, response actions, enrolment tokens, and
 * the agent protocol (enrol, check-in, action reports, endpoint reports and diagnostics uploads)
 * that the agents themselves call, and the console's reads of those reports.
 */
export const agentHandlers: Handlers<
  | 'listAgents'
  | 'getAgent'
  | 'deleteAgent'
  | 'setAgentAttribute'
  | 'listAgentActions'
  | 'requestAgentAction'
  | 'requestAgentActions'
  | 'listActionsOfAgents'
  | 'getAgentAction'
  | 'cancelAgentAction'
  | 'listEnrolmentTokens'
  | 'createEnrolmentToken'
  | 'revokeEnrolmentToken'
  | 'enrolAgent'
  | 'agentCheckIn'
  | 'reportAgentAction'
  | 'getAgentInventory'
  | 'getAgentIssues'
  | 'getAgentLoginLocations'
  | 'getAgentVulnerabilities'
  | 'getAgentDiagnostics'
  | 'downloadAgentDiagnostics'
  | 'reportAgentInventory'
  | 'reportAgentIssues'
  | 'reportAgentLoginLocations'
  | 'reportAgentVulnerabilities'
  | 'startAgentDiagnosticsUpload'
  | 'uploadAgentDiagnosticsChunk'
  | 'requestAgentInstaller'
  | 'getAgentInstaller'
  | 'downloadAgentInstaller'
  | 'getAgentSettings'
  | 'updateAgentSettings'
  | 'getTerminalCapability'
  | 'listTerminalCertificates'
  | 'grantTerminalCertificate'
  | 'revokeTerminalCertificate'
  | 'getAgentTotals'
> = {
  listAgents,
  getAgent,
  deleteAgent,
  setAgentAttribute,
  listAgentActions,
  requestAgentAction,
  requestAgentActions,
  listActionsOfAgents,
  getAgentAction,
  cancelAgentAction,
  listEnrolmentTokens,
  createEnrolmentToken,
  revokeEnrolmentToken,
  enrolAgent,
  agentCheckIn,
  reportAgentAction,
  getAgentInventory,
  getAgentIssues,
  getAgentLoginLocations,
  getAgentVulnerabilities,
  getAgentDiagnostics,
  downloadAgentDiagnostics,
  reportAgentInventory,
  reportAgentIssues,
  reportAgentLoginLocations,
  reportAgentVulnerabilities,
  startAgentDiagnosticsUpload,
  uploadAgentDiagnosticsChunk,
  requestAgentInstaller,
  getAgentInstaller,
  downloadAgentInstaller,
  getAgentSettings,
  updateAgentSettings,
  getTerminalCapability,
  listTerminalCertificates,
  grantTerminalCertificate,
  revokeTerminalCertificate,
  getAgentTotals,
};

export { hashSecret } from '../../platform/secrets.ts';
export { ACTION_TYPES, type ActionType } from './action-types.ts';
export { queueActionFromAlert, queueActionOnAgent } from './actions.ts';
/** The contract's routes check agent credentials; the job runner ends isolations and expires actions. */
export { agentOf, authenticateAgent } from './agent-auth.ts';
export { authenticateCheckIn } from './check-in.ts';
/** Alerts and cases ask the same rule before an endpoint action. */
export { requireAgentControl } from './control.ts';
export {
  agentHousekeeping,
  endIsolations,
  expireAgentActions,
  reportAgentsGoneOffline,
} from './housekeeping.ts';
export { buildAgentInstaller, INSTALLER_JOB } from './installers.ts';
export { presentAction } from './present.ts';
export {
  type AgentState,
  compareVersions,
  deriveAgentStatus,
  LATEST_AGENT_RELEASE,
  statusOfFlags,
} from './status.ts';
export { agentClockFlags } from './status-sql.ts';
/** The terminal area starts sessions on what these say. */
export { liveCertificate, NO_TERMINAL_CERTIFICATE, TERMINAL_MIN_VERSION } from './terminal.ts';
export { visibleAgent } from './visible-agent.ts';

export const agentsArea = defineArea({
  name: 'agents',
  handlers: agentHandlers,
  jobs: AGENTS_JOBS,
  schedules: AGENTS_SCHEDULES,
  tables: [
    'agents',
    'agent_enrolment_tokens',
    'agent_actions',
    'agent_inventory',
    'agent_issues',
    'agent_login_locations',
    'agent_vulnerabilities',
    'agent_diagnostics',
    'agent_diagnostic_chunks',
    'agent_installers',
    'terminal_certificates',
  ],
  tenantPolicies: {
    agents: inScope,
    agent_enrolment_tokens: inScope,
    agent_actions: inScope,
    agent_inventory: inScope,
    agent_issues: inScope,
    agent_login_locations: inScope,
    agent_vulnerabilities: inScope,
    agent_diagnostics: inScope,
    agent_diagnostic_chunks: inScope,
    agent_installers: inScope,
    terminal_certificates: inScope,
  },
});
