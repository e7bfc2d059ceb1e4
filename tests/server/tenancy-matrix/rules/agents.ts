import { SECRET } from '../world.ts';
import { type AreaRules, signedLink } from './types.ts';

/** Agents and their actions. */
export const AGENTS_RULES: AreaRules = {
  listAgentActions: { path: (ids) => ({ agent_id: ids.agent }) },
  requestAgentAction: {
    path: (ids) => ({ agent_id: ids.agent, action: 'upload_diagnostics' }),
    body: () => ({}),
  },
  requestAgentActions: {
    path: () => ({ action: 'upload_diagnostics' }),
    body: (ids) => ({ agent_ids: [ids.agent] }),
  },
  getAgentAction: { path: (ids) => ({ action_id: ids.agentAction }) },
  cancelAgentAction: { path: (ids) => ({ action_id: ids.agentAction }), body: () => ({}), ends: true },
  listEnrolmentTokens: { expect: 'filtered' },
  createEnrolmentToken: { body: (ids) => ({ customer_id: ids.customer, name: SECRET }) },
  revokeEnrolmentToken: { path: (ids) => ({ token_id: ids.enrolmentToken }), ends: true },
  requestAgentInstaller: { body: (ids) => ({ customer_id: ids.customer, platform: 'windows' }) },
  getAgentInstaller: { path: (ids) => ({ installer_id: ids.installer }) },
  downloadAgentInstaller: {
    path: (ids) => ({ installer_id: ids.installer }),
    query: () => ({ key: 'not-the-key-of-this-link' }),
    control: signedLink,
  },
  uploadAgentDiagnosticsChunk: {
    path: (ids) => ({ bundle_id: ids.diagnostics, index: 0 }),
    body: () => ({ data: 'AAAA' }),
    control: { none: 'only the agent the bundle was asked of may upload it' },
  },
  reportAgentAction: {
    path: (ids) => ({ action_id: ids.agentAction }),
    body: () => ({ status: 'running' }),
    control: { none: 'only the agent the action was asked of may report on it' },
  },
  getAgentInventory: { path: (ids) => ({ agent_id: ids.agent }) },
  getAgentIssues: { path: (ids) => ({ agent_id: ids.agent }) },
  getAgentLoginLocations: { path: (ids) => ({ agent_id: ids.agent }) },
  getAgentVulnerabilities: { path: (ids) => ({ agent_id: ids.agent }) },
  getAgentDiagnostics: { path: (ids) => ({ agent_id: ids.agent }) },
  downloadAgentDiagnostics: {
    path: (ids) => ({ agent_id: ids.agent, bundle_id: ids.diagnostics }),
    control: { status: 409 },
  },
  getAgentSettings: { path: (ids) => ({ agent_id: ids.agent }) },
  updateAgentSettings: { path: (ids) => ({ agent_id: ids.agent }), body: () => ({ terminal_enabled: true }) },
  getTerminalCapability: { path: (ids) => ({ agent_id: ids.agent }) },
  listTerminalCertificates: { expect: 'filtered' },
  grantTerminalCertificate: { body: (ids) => ({ customer_id: ids.customer, email: 'boss@globex.test' }) },
  revokeTerminalCertificate: { path: (ids) => ({ certificate_id: ids.terminalCertificate }), ends: true },
  listAgents: { expect: 'filtered' },
  getAgentTotals: { expect: 'filtered' },
  getAgent: { path: (ids) => ({ agent_id: ids.agent }) },
  // Only an inactive agent may be deleted: the 409 says so of the other customer's agent.
  deleteAgent: { path: (ids) => ({ agent_id: ids.agent }), control: { status: 409 } },
  setAgentAttribute: {
    path: (ids) => ({ agent_id: ids.agent, name: 'owner' }),
    body: () => ({ value: SECRET }),
  },
};
