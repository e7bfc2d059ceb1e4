import { CONNECTOR_REDIRECT, GLOBEX_RISK, SECRET, type World } from './world.ts';

type Ids = World['ids'];
type Values = Record<string, string | number | string[]>;

/**
 * How one operation is called with the other customer's ids, and what the first customer's
 * credentials must get back.
 */
export interface MatrixRule {
  /** The path's parameters, from the other customer's rows (a `customer_id` parameter is filled in). */
  path?: (ids: Ids) => Values;
  /** Query parameters besides the customer ones, which always name the other customer. */
  query?: (ids: Ids) => Values;
  /** A body valid for the operation, naming the other customer's rows. */
  body?: (ids: Ids) => unknown;
  /**
   * `refused` (the default): 403 or 404. `filtered`: the operation limits a list or a count to the
   * customers it names, so naming only the other one answers exactly as naming a customer that
   * does not exist would (and never the other's rows). `unknown`: a customer named in the body is
   * refused exactly as one that does not exist is (400 naming the field). `websocket`: over plain
   * HTTP the address answers 426 before it reads anything (tests/server/terminal dials it).
   * `each`: a bulk change answers item by item, and every item is refused as not found.
   */
  expect?: 'refused' | 'filtered' | 'unknown' | 'websocket' | 'each';
  /** Text besides the other customer's marks that must not be in the answer. */
  absent?: string[];
  /**
   * The same call by someone who does reach the other customer (a global administrator, or
   * `owner`: the other customer's administrator, for rows that are a person's own) must answer
   * this status (any 2xx by default): proof that the ids name real rows and the call is valid, so
   * that the refusal is the reach's doing. `null` with a reason when no such caller exists (a
   * signed link).
   */
  control?: { as?: 'admin' | 'owner'; status?: number } | { none: string };
  /** The control removes or ends its row: it runs after every other control. */
  ends?: boolean;
}

/** An operation whose ids name nothing a customer owns: why. */
export interface SharedRule {
  shared: string;
}

const owner = { as: 'owner' as const };
const plan = (ids: Ids) => ({
  name: `${SECRET} plan`,
  customer_id: ids.customer,
  time_zone: 'Europe/Helsinki',
  steps: [
    {
      name: 'On duty',
      wait_minutes: 15,
      contacts: [{ name: 'Desk', email: 'desk@globex.test', method: 'email' }],
    },
  ],
  hours: { '1': [{ start: '09:00', end: '17:00' }] },
});
const report = (ids: Ids) => ({
  name: `${SECRET} report`,
  scope: 'customer',
  customer_id: ids.customer,
  document: { components: [] },
});
const savedSearch = (ids: Ids) => ({
  name: `${SECRET} search`,
  scope: 'customer',
  customer_id: ids.customer,
  search: { search_term: 'secret' },
});
const signedLink = { none: 'a signed link is its only credential' };

/**
 * Every operation that takes an id or a customer: how the tenancy matrix calls it. An operation
 * the contract gains with such a parameter and no entry here fails the matrix.
 */
export const MATRIX_RULES: Record<string, MatrixRule | SharedRule> = {
  // Administration
  getMdrSupport: { expect: 'filtered' },
  listAuditLog: { expect: 'filtered' },
  exportAuditLog: { expect: 'filtered' },
  rebuildDashboardRollups: { body: (ids) => ({ customer_id: ids.customer }) },
  getJob: { path: (ids) => ({ id: ids.job }) },
  retryJob: { path: (ids) => ({ id: ids.job }), control: { status: 409 } },

  // Agents and their actions
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

  // Alerts
  rerunAlertWorkflows: { path: (ids) => ({ id: ids.alert }) },
  runAlertAction: { path: (ids) => ({ id: ids.alert, action: 'isolate' }), body: () => ({}) },
  listAlerts: { expect: 'filtered' },
  createAlert: { body: (ids) => ({ customer_id: ids.customer, title: SECRET, type: 'edr' }) },
  createTestAlert: { body: (ids) => ({ customer_id: ids.customer }) },
  getAlert: { path: (ids) => ({ id: ids.alert }) },
  updateAlert: { path: (ids) => ({ id: ids.spareAlert }), body: () => ({ version: 1, status: 'open' }) },
  listAlertDetections: { path: (ids) => ({ id: ids.alert }) },
  listAlertActivity: { path: (ids) => ({ id: ids.alert }) },
  createAlertActivity: {
    path: (ids) => ({ id: ids.alert }),
    body: () => ({ action: 'note', comment: SECRET }),
  },
  // The alert came from no integration (404 to anyone): the reach check is getAlert's.
  getAlertIntegration: { path: (ids) => ({ id: ids.alert }), control: { status: 404 } },
  getAlertMappings: { path: (ids) => ({ id: ids.alert }) },
  listAlertDiscussions: { path: (ids) => ({ id: ids.alert }) },
  postAlertDiscussion: { path: (ids) => ({ id: ids.alert }), body: () => ({ body: SECRET }) },
  updateAlertDiscussion: {
    path: (ids) => ({ id: ids.alert, comment_id: ids.alertComment }),
    body: () => ({ body: SECRET }),
  },
  deleteAlertDiscussion: { path: (ids) => ({ id: ids.alert, comment_id: ids.alertComment }), ends: true },
  listAlertRules: { expect: 'filtered' },
  aggregateAlerts: { path: () => ({ a: 'status', b: 'priority' }), expect: 'filtered' },
  countAlerts: { expect: 'filtered' },
  bulkUpdateAlerts: { body: (ids) => ({ ids: [ids.alert], fields: { priority: 'low' } }), expect: 'each' },
  listAlertWorkflowRuns: { path: (ids) => ({ alert_id: ids.alert }) },

  // The assistant: a person's own conversations
  getAssistantConversation: { path: (ids) => ({ id: ids.conversation }), control: owner },
  deleteAssistantConversation: { path: (ids) => ({ id: ids.conversation }), control: owner, ends: true },
  renameAssistantConversation: {
    path: (ids) => ({ id: ids.conversation }),
    body: () => ({ title: SECRET }),
    control: owner,
  },
  endAssistantSession: { path: (ids) => ({ id: ids.conversation }), control: owner },
  sendAssistantMessage: {
    path: (ids) => ({ id: ids.conversation }),
    body: () => ({ content: 'hello', context: { route: '/alerts' } }),
    // endAssistantSession's control, earlier, ended it: the 409 says so of the owner's conversation.
    control: { as: 'owner', status: 409 },
  },
  getAssistantSentPayload: {
    path: (ids) => ({ id: ids.conversation, message_id: ids.message }),
    control: owner,
  },
  setAssistantFeedback: {
    path: (ids) => ({ id: ids.conversation, message_id: ids.message }),
    body: () => ({ rating: 'up' }),
    control: owner,
  },

  // Cases
  listCaseActivity: { path: (ids) => ({ id: ids.case }) },
  listCaseAgentActions: { path: (ids) => ({ id: ids.case }) },
  assignCaseAlerts: { path: (ids) => ({ id: ids.case }), body: (ids) => ({ alert_ids: [ids.spareAlert] }) },
  unassignCaseAlert: { path: (ids) => ({ id: ids.case, alert_id: ids.alert }), ends: true },
  listCaseDiscussions: { path: (ids) => ({ id: ids.case }) },
  postCaseDiscussion: { path: (ids) => ({ id: ids.case }), body: () => ({ body: SECRET }) },
  updateCaseDiscussion: {
    path: (ids) => ({ id: ids.case, comment_id: ids.caseComment }),
    body: () => ({ body: SECRET }),
  },
  deleteCaseDiscussion: { path: (ids) => ({ id: ids.case, comment_id: ids.caseComment }), ends: true },
  listCases: { expect: 'filtered' },
  createCase: { body: (ids) => ({ customer_id: ids.customer, title: SECRET }) },
  aggregateCases: { path: () => ({ a: 'status', b: 'status' }), expect: 'filtered' },
  getCase: { path: (ids) => ({ id: ids.case }) },
  updateCase: {
    path: (ids) => ({ id: ids.case }),
    body: (ids) => ({ version: ids.caseVersion, title: SECRET }),
  },
  countCases: { expect: 'filtered' },

  // Browser connectors
  getChromeConsent: {
    query: () => ({
      redirect_uri: CONNECTOR_REDIRECT,
      state: 'matrix',
    }),
  },
  approveChromeConnector: {
    body: (ids) => ({
      customer_id: ids.customer,
      redirect_uri: CONNECTOR_REDIRECT,
      state: 'matrix',
    }),
  },
  listConnectorCredentials: { expect: 'filtered' },
  revokeConnectorCredential: {
    path: (ids) => ({ credential_id: ids.connectorCredential }),
    ends: true,
  },

  // Customers
  getCustomerChromePolicy: {},
  updateCustomerChromePolicy: {
    body: () => ({
      enabled: false,
      risky_domain_mode: 'warn',
      password_reuse_warning: false,
      allowed_domains: [],
      blocked_domains: [],
      report_blocked_visits: false,
    }),
  },
  getCustomerChromeManagedPolicy: {},
  getCustomerComplianceData: {},
  deleteCustomer: {
    path: (ids) => ({ id: ids.customer }),
    control: { none: 'the customer is the world of this test' },
  },
  updateCustomer: { path: (ids) => ({ id: ids.customer }), body: () => ({ city: SECRET }) },
  listCustomerSubscriptions: { path: (ids) => ({ id: ids.customer }) },
  createCustomerSubscription: {
    path: (ids) => ({ id: ids.customer }),
    body: () => ({ product: `${SECRET} SIEM`, billing: 'endpoint' }),
  },
  updateCustomerSubscription: {
    path: (ids) => ({ id: ids.customer, subscription_id: ids.subscription }),
    body: () => ({ status: 'cancelled' }),
  },

  // Dashboard
  getDashboardHealth: { expect: 'filtered' },
  getDashboardIngest: { expect: 'filtered' },
  getDashboardAlertsOverTime: { expect: 'filtered' },
  getDashboardOpenAlerts: { expect: 'filtered' },
  getDashboardResponseTimes: { expect: 'filtered' },
  getDashboardAlertTypes: { expect: 'filtered' },

  // Domains
  listDomains: { expect: 'filtered' },
  createDomains: { body: (ids) => ({ customer_id: ids.customer, names: ['globex-other.example'] }) },
  getDomain: { path: (ids) => ({ id: ids.domain }) },
  updateDomain: { path: (ids) => ({ id: ids.domain }), body: () => ({ active: true }) },
  getDomainFuzzLists: { path: (ids) => ({ id: ids.domain }) },
  updateDomainFuzzLists: { path: (ids) => ({ id: ids.domain }), body: () => ({ words: null, tlds: null }) },
  listLookalikes: { path: (ids) => ({ id: ids.domain }) },
  getLookalike: {
    path: (ids) => ({ id: ids.domain, name: 'globex-secret.example' }),
    control: { status: 404 },
  },

  // Escalations
  listEscalationPlans: { expect: 'filtered' },
  createEscalationPlan: { body: plan },
  getEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }) },
  updateEscalationPlan: {
    path: (ids) => ({ plan_id: ids.plan }),
    body: (ids) => ({ ...plan(ids), version: ids.planVersion }),
  },
  deleteEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }), ends: true },
  previewEscalationTimeline: { body: (ids) => ({ plan: plan(ids) }) },
  resolveEscalationPlan: { path: (ids) => ({ plan_id: ids.plan }) },

  // Integrations: the provider's, mapped to customers
  // A webhook has no Entra ID groups: the 400 says so of the integration, past the reach check.
  listIntegrationAzureGroups: { path: (ids) => ({ id: ids.integration }), control: { status: 400 } },
  getIntegrationEventBridge: { path: (ids) => ({ id: ids.integration }) },
  // A webhook has no syslog setup (404 to anyone): the reach check is getIntegration's.
  getIntegrationSyslogSetup: { path: (ids) => ({ id: ids.integration }), control: { status: 404 } },
  receiveIntegrationWebhook: {
    path: (ids) => ({ id: ids.integration }),
    body: () => ({}),
    control: { none: 'a signature over the body is its only credential' },
  },
  listIntegrationMappings: { path: (ids) => ({ id: ids.integration }) },
  createIntegrationMapping: {
    path: (ids) => ({ id: ids.integration }),
    body: (ids) => ({ customer_id: ids.customer, external_id: 'globex-other', external_name: SECRET }),
  },
  deleteIntegrationMapping: { path: (ids) => ({ id: ids.integration, mapping_id: ids.mapping }), ends: true },
  createIntegrationHostMapping: {
    path: (ids) => ({ id: ids.integration }),
    body: (ids) => ({ customer_id: ids.customer, host_name: 'GLOBEX-FW-02' }),
  },
  deleteIntegrationHostMapping: {
    path: (ids) => ({ id: ids.integration, mapping_id: ids.hostMapping }),
    ends: true,
  },
  getIntegration: { path: (ids) => ({ id: ids.integration }) },
  updateIntegration: { path: (ids) => ({ id: ids.integration }), body: () => ({ name: `${SECRET} hook` }) },
  deleteIntegration: { path: (ids) => ({ id: ids.integration }), ends: true },
  validateIntegration: { path: (ids) => ({ id: ids.integration }) },

  // Logs
  deleteLogAlertRule: { path: (ids) => ({ id: ids.logAlertRule }), control: owner, ends: true },
  listLogAlertFirings: { path: (ids) => ({ id: ids.logAlertRule }), control: owner },
  exportSearch: {
    path: (ids) => ({ id: ids.search }),
    body: () => ({ mode: 'csv', size: 10, fields: ['message'] }),
    control: owner,
  },
  downloadSearchExport: {
    path: (ids) => ({ id: ids.export }),
    query: () => ({ key: 'not-the-key-of-this-link' }),
    control: signedLink,
  },
  listIngestTokens: { expect: 'filtered' },
  createIngestToken: { body: (ids) => ({ customer_id: ids.customer, name: SECRET, source: 'windows' }) },
  revokeIngestToken: { path: (ids) => ({ token_id: ids.ingestToken }), ends: true },
  createSavedSearch: { body: savedSearch },
  updateSavedSearch: { path: (ids) => ({ id: ids.savedSearch }), body: savedSearch, control: owner },
  deleteSavedSearch: { path: (ids) => ({ id: ids.savedSearch }), control: owner, ends: true },
  deleteSearchHistoryEntry: { path: (ids) => ({ id: ids.search }), control: owner, ends: true },
  startSearch: { body: () => ({ search: { search_term: 'secret' } }), expect: 'filtered' },
  getSearch: { path: (ids) => ({ id: ids.search }), control: owner },
  rerunSearch: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchHits: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchMap: { path: (ids) => ({ id: ids.search }), control: owner },
  getSearchTopValues: { path: (ids) => ({ id: ids.search, field: 'host' }), control: owner },
  getLogSource: { shared: 'log sources (windows, syslog…) are the product’s catalogue' },
  getLogSourceMappings: { shared: 'log sources (windows, syslog…) are the product’s catalogue' },
  getLogSourceTopValues: { path: () => ({ id: 'windows', field: 'host' }), expect: 'filtered' },
  listSyslogSources: { expect: 'filtered' },
  createSyslogSource: {
    body: (ids) => ({ customer_id: ids.customer, name: SECRET, address: '10.8.8.0/24', source: 'syslog' }),
  },
  deleteSyslogSource: { path: (ids) => ({ id: ids.syslogSource }), ends: true },
  getLogRetention: { expect: 'filtered' },
  setLogRetention: { body: () => ({ days: 30 }) },

  // Mutes
  listMutes: { expect: 'filtered' },
  createMute: {
    body: (ids) => ({
      customer_id: ids.customer,
      conditions: [{ field: 'host_name', operator: 'equals', value: 'GLOBEX-DC-02' }],
    }),
  },
  getMute: { path: (ids) => ({ mute_id: ids.mute }) },
  updateMute: {
    path: (ids) => ({ mute_id: ids.mute }),
    body: (ids) => ({ version: ids.muteVersion, description: SECRET }),
  },
  unmuteMute: { path: (ids) => ({ mute_id: ids.mute }), body: () => ({}), ends: true },
  searchOmnibox: { query: () => ({ query: 'secret' }), expect: 'filtered' },

  // Reports
  listReportAzureGroups: { expect: 'filtered' },
  listReportSchedules: { expect: 'filtered' },
  scheduleReport: {
    query: (ids) => ({ report_type: ids.report, frequency: 'weekly', recipients: ['soc@globex.test'] }),
  },
  deleteReportSchedule: { query: (ids) => ({ report_type: ids.report }), ends: true },
  sendReport: { query: (ids) => ({ report_type: ids.report, recipients: ['soc@globex.test'] }) },
  listReportRuns: { expect: 'filtered' },
  getReportRunPdf: { path: (ids) => ({ id: ids.reportRun }) },
  createReport: { body: report },
  getReport: { path: (ids) => ({ id: ids.report }) },
  updateReport: {
    path: (ids) => ({ id: ids.report }),
    body: (ids) => ({ ...report(ids), version: ids.reportVersion }),
  },
  deleteReport: { path: (ids) => ({ id: ids.report }), ends: true },
  getReportData: { path: (ids) => ({ id: ids.report }) },
  previewReport: { path: (ids) => ({ id: ids.report }) },

  // The terminal
  openTerminalConsole: {
    path: (ids) => ({ session_id: ids.terminalSession }),
    query: () => ({ ticket: 'not-a-ticket' }),
    expect: 'websocket',
    control: signedLink,
  },
  joinTerminalSession: {
    path: (ids) => ({ session_id: ids.terminalSession }),
    expect: 'websocket',
    control: { none: 'only the agent the session was opened on may join it' },
  },
  listTerminalRecordings: { expect: 'filtered' },
  getTerminalRecording: { path: (ids) => ({ session_id: ids.terminalSession }) },

  // Threat intelligence
  updateThreatFeed: { shared: 'threat feeds are the provider’s, shared by its customers' },
  listBreachLookups: { expect: 'filtered' },
  getBreachLookup: { path: () => ({ account: 'secret@globex.test' }), expect: 'filtered' },
  listIndicators: { expect: 'filtered' },
  createIndicator: {
    body: (ids) => ({
      kind: 'domain',
      value: 'globex-other.example',
      customer_id: ids.customer,
      det: 'B',
      risk: 70,
    }),
  },
  updateIndicator: { path: (ids) => ({ indicator_id: ids.indicator }), body: () => ({ risk: 78 }) },
  expireIndicator: { path: (ids) => ({ indicator_id: ids.indicator }), ends: true },
  lookupThreat: {
    path: () => ({ kind: 'domain', value: 'globex-secret.example' }),
    expect: 'filtered',
    absent: [`"risk":${GLOBEX_RISK}`],
  },

  // Platform updates: news from the provider to every customer
  getUpdate: { shared: 'platform updates are the provider’s news to every customer' },
  deleteUpdate: { shared: 'platform updates are the provider’s news to every customer' },
  changeUpdate: { shared: 'platform updates are the provider’s news to every customer' },

  // People and their credentials
  endSession: { path: (ids) => ({ session_id: ids.session }), control: owner, ends: true },
  createApiKey: {
    body: (ids) => ({ name: SECRET, customer_ids: [ids.customer], access: 'read', expires_in_days: 1 }),
    expect: 'unknown',
  },
  revokeApiKey: { path: (ids) => ({ key_id: ids.apiKey }), control: owner, ends: true },
  createContact: {
    body: (ids) => ({
      email: 'other@globex.test',
      role_level: 'Customer',
      valid_customer_ids: [ids.customer],
    }),
    expect: 'unknown',
  },
  getContact: { path: (ids) => ({ contact_id: ids.contact }) },
  deleteContact: { path: (ids) => ({ contact_id: ids.contact }), ends: true },
  updateContact: { path: (ids) => ({ contact_id: ids.contact }), body: () => ({ first_name: SECRET }) },
  resendInvitation: { path: (ids) => ({ contact_id: ids.contact }) },

  // Vulnerabilities
  listVulnerabilities: { expect: 'filtered' },
  listVulnerableAgents: {
    query: () => ({ cve: 'CVE-2024-0001', platform: 'windows-11' }),
    expect: 'filtered',
  },

  // Workflows
  getWorkflowAction: { shared: 'workflow actions are the product’s catalogue' },
  getCustomSearchRuntimeParams: { path: (ids) => ({ id: ids.customerSearch }) },
  getWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  updateWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  deleteWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  listWorkflows: { expect: 'filtered' },
  updateWorkflow: {
    body: (ids) => ({ workflow_id: ids.workflow, version: ids.workflowVersion, name: `${SECRET} renamed` }),
  },
  createWorkflow: {
    body: (ids) => ({ name: SECRET, customer_id: [ids.customer], trigger_id: 'alert_created' }),
  },
  listWorkflowDetails: { expect: 'filtered' },
  getWorkflow: { path: (ids) => ({ id: ids.workflow }) },
  deleteWorkflow: { path: (ids) => ({ id: ids.workflow }), ends: true },
  getWorkflowRuntimeParams: { path: (ids) => ({ id: ids.workflow }) },
  // updateWorkflow's control, earlier, made the next version.
  // A workflow without tasks stays a draft: the 400 says so of the other customer's workflow.
  publishWorkflow: {
    path: (ids) => ({ id: ids.workflow }),
    body: (ids) => ({ version: ids.workflowVersion + 1 }),
    control: { status: 400 },
  },
  // Only a published workflow pauses: the 400 says so of the other customer's workflow.
  pauseWorkflow: {
    path: (ids) => ({ id: ids.workflow }),
    body: () => ({ paused: true }),
    control: { status: 400 },
  },
  listWorkflowVersions: { path: (ids) => ({ id: ids.workflow }) },
  listWorkflowRuns: { path: (ids) => ({ id: ids.workflow }) },
  getWorkflowRun: { path: (ids) => ({ run_id: ids.workflowRun }) },
  cancelWorkflowRun: { path: (ids) => ({ run_id: ids.workflowRun }), ends: true },
  // The run is still queued: the 409 says so of the other customer's run.
  rerunWorkflowRun: {
    path: (ids) => ({ run_id: ids.workflowRun }),
    body: () => ({}),
    control: { status: 409 },
  },
};
