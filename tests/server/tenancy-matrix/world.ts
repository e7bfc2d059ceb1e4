import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  agentDiagnostics,
  alerts,
  assistantConversations,
  assistantMessages,
  breachLookups,
  jobs,
  partners,
  reportRuns,
  sessions,
  terminalSessions,
  users,
  workflowRuns,
} from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';

/** Words every row of the other customer carries, so an answer holding its data shows it. */
export const SECRET = 'GLOBEX-SECRET';

type User = { contactId: string };

/** The risk the other customer gave its own indicator: a look-up answering it shows its data. */
export const GLOBEX_RISK = 77;

/** Where a browser extension asks to be sent back, as chrome.runtime.getURL makes it. */
export const CONNECTOR_REDIRECT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/connected.html';

/**
 * The other customer (Globex) with one of everything an operation can name by id, and the first
 * customer's (Acme's) credentials of every kind: a customer administrator, an API key, an agent,
 * an ingest token and a browser connector.
 */
export async function buildWorld(t: TestApp) {
  const { acme, globex, admin, partner } = t.fixtures;
  const customer = globex.customerId;
  const db = t.database.db;

  const customerAdmin = async (email: string, customerId: string) =>
    (
      await db
        .insert(users)
        .values({
          partnerId: partner.partnerId,
          email,
          firstName: 'Cust',
          lastName: 'Admin',
          roleLevel: 'Customer',
          permissions: ['read_all', 'modify_all', 'read_workflow', 'modify_workflow', 'read_escalation'],
          validCustomerIds: [customerId],
        })
        .returning()
    )[0]!;
  // The provider switches the assistant on, so that its calls reach the conversation they name.
  await db
    .update(partners)
    .set({ data: { aviator_enabled: true } })
    .where(eq(partners.partnerId, partner.partnerId));
  const acmeAdmin = await customerAdmin('boss@acme.test', acme.customerId);
  const globexAdmin = await customerAdmin('boss@globex.test', customer);

  /** A call that must succeed: what it answers, or the test stops with the body. */
  const made = async (user: User, method: InjectOptions['method'], url: string, payload?: object) => {
    const response: LightMyRequestResponse = await t.as(user, { method, url, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.statusCode === 204 ? {} : response.json();
  };
  const post = (url: string, payload: object, user: User = admin) => made(user, 'POST', url, payload);

  // Acme's credentials.
  const apiKey = (
    await post(
      '/api/profile/api-keys',
      { name: 'Acme script', customer_ids: [acme.customerId], access: 'read_write', expires_in_days: 30 },
      acmeAdmin,
    )
  ).key as string;
  const acmeEnrolment = await post('/api/agents/v1/enrolment-tokens', {
    customer_id: acme.customerId,
    name: 'Acme',
  });
  const enrol = async (token: string, hostName: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/v1/enrol',
      payload: { token, host_name: hostName, platform: 'windows-11', architecture: 'x64', version: '4.12.3' },
    });
    if (response.statusCode !== 201) throw new Error(`enrol: ${response.body}`);
    return response.json() as { agent_id: string; credential: string };
  };
  const acmeAgent = await enrol(acmeEnrolment.token, 'ACME-WS-01');
  const ingestToken = (
    await post('/api/search/v1/ingest-tokens', {
      customer_id: acme.customerId,
      name: 'Acme',
      source: 'windows',
    })
  ).token as string;
  const approveConnector = async (customerId: string, by: User) => {
    await made(admin, 'PUT', `/api/management/customers/${customerId}/chrome-policy`, {
      enabled: true,
      risky_domain_mode: 'block',
      password_reuse_warning: true,
      allowed_domains: [],
      blocked_domains: ['evil.example'],
      report_blocked_visits: true,
    });
    return post(
      '/api/connectors/v1/chrome/credentials',
      { customer_id: customerId, redirect_uri: CONNECTOR_REDIRECT, state: 'matrix' },
      by,
    );
  };
  const connector = (await approveConnector(acme.customerId, acmeAdmin)).token as string;

  // Globex's rows.
  const [alert] = await db
    .insert(alerts)
    .values({ customerId: customer, title: `${SECRET} ransomware`, type: 'edr', hostName: 'GLOBEX-DC-01' })
    .returning();
  const alertId = alert!.id;
  const [spareAlert] = await db
    .insert(alerts)
    .values({ customerId: customer, title: `${SECRET} spare`, type: 'edr' })
    .returning();
  const alertComment = await post(`/api/alerts/v1/alerts/${alertId}/discussions`, { body: `${SECRET} note` });
  const kase = await post('/api/cases/v1/cases/', {
    customer_id: customer,
    title: `${SECRET} case`,
    alert_ids: [alertId],
  });
  const caseComment = await post(`/api/cases/v1/cases/${kase.id}/discussions`, { body: `${SECRET} note` });

  const globexEnrolment = await post('/api/agents/v1/enrolment-tokens', {
    customer_id: customer,
    name: SECRET,
  });
  const globexAgent = await enrol(globexEnrolment.token, 'GLOBEX-DC-01');
  await db.update(alerts).set({ agentId: globexAgent.agent_id }).where(eq(alerts.id, alertId));
  const agentAction = await post(`/api/agents/v1/agents/${globexAgent.agent_id}/actions/isolate`, {});
  const installer = await post('/api/agents/v1/installers', { customer_id: customer, platform: 'windows' });
  const certificate = await post('/api/agents/v1/terminal-certificates', {
    customer_id: customer,
    email: 'boss@globex.test',
  });
  const [bundle] = await db
    .insert(agentDiagnostics)
    .values({
      agentId: globexAgent.agent_id,
      customerId: customer,
      fileName: 'globex.zip',
      sizeBytes: 4,
      chunkCount: 1,
      sha256: '0'.repeat(64),
    })
    .returning();
  const [terminal] = await db
    .insert(terminalSessions)
    .values({
      partnerId: partner.partnerId,
      customerId: customer,
      agentId: globexAgent.agent_id,
      hostName: 'GLOBEX-DC-01',
      contactId: globexAdmin.contactId,
      email: 'boss@globex.test',
      certificateId: certificate.certificate_id,
      cols: 80,
      rows: 24,
    })
    .returning();

  await made(admin, 'PATCH', `/api/management/customers/${customer}`, { compliance_sku: true });
  const subscription = await post(`/api/management/customers/${customer}/subscriptions`, {
    product: `${SECRET} EDR`,
    billing: 'endpoint',
  });
  const domains = await post('/api/tacklebox/v1/domains', {
    customer_id: customer,
    names: ['globex-secret.example'],
  });
  const plan = await post('/api/escalations/v1/plans', {
    name: `${SECRET} plan`,
    customer_id: customer,
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
  const integration = await post('/api/integrations/v1/integrations', {
    kind: 'webhook',
    name: `${SECRET} hook`,
    settings: { tenant: 'globex.tenant' },
    secrets: { signing_secret: 'a-signing-secret-of-at-least-32-characters' },
  });
  await post(`/api/integrations/v1/integrations/${integration.id}/validate`, {});
  const mapping = await post(`/api/integrations/v1/integrations/${integration.id}/mappings`, {
    customer_id: customer,
    external_id: 'globex-tenant',
    external_name: SECRET,
  });
  const hostMapping = await post(`/api/integrations/v1/integrations/${integration.id}/host-mappings`, {
    customer_id: customer,
    host_name: 'GLOBEX-FW-01',
  });
  const globexConnector = await approveConnector(customer, globexAdmin);
  const globexIngest = await post('/api/search/v1/ingest-tokens', {
    customer_id: customer,
    name: SECRET,
    source: 'windows',
  });
  const saved = await post(
    '/api/search/v1/saved/',
    { name: `${SECRET} search`, scope: 'private', search: { search_term: 'secret' } },
    globexAdmin,
  );
  const customerSearch = await post('/api/search/v1/saved/', {
    name: `${SECRET} shared search`,
    scope: 'customer',
    customer_id: customer,
    search: { search_term: 'secret' },
  });
  const rule = await post(
    '/api/search/v1/alerting/',
    { saved_search_id: saved.id, period: 300, priority: 'high', threshold: 3, realert: '5' },
    globexAdmin,
  );
  const search = await post('/api/search/v1/search/', { search: { search_term: 'secret' } }, globexAdmin);
  const exported = await post(
    `/api/search/v1/export/${search.id}`,
    { mode: 'csv', size: 20_000, fields: ['message'], emails: ['soc@globex.test'] },
    globexAdmin,
  );
  const syslog = await post('/api/search/v1/syslog-sources', {
    customer_id: customer,
    name: SECRET,
    address: '10.9.9.0/24',
    source: 'syslog',
  });
  const mute = await post('/api/alerts/v1/mutes/', {
    customer_id: customer,
    conditions: [{ field: 'host_name', operator: 'equals', value: 'GLOBEX-DC-01' }],
    description: SECRET,
  });
  const report = await post('/api/ngreports/v0/reports/', {
    name: `${SECRET} report`,
    scope: 'customer',
    customer_id: customer,
    document: { components: [] },
  });
  const [run] = await db
    .insert(reportRuns)
    .values({
      reportId: report.id,
      customerId: customer,
      requestedBy: globexAdmin.contactId,
      reportVersion: 1,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      recipients: [],
      status: 'sent',
      pdf: Buffer.from(`%PDF-1.4 ${SECRET}`),
    })
    .returning();
  const indicator = await post('/api/threat/indicators', {
    kind: 'domain',
    value: 'globex-secret.example',
    customer_id: customer,
    det: 'B',
    risk: GLOBEX_RISK,
  });
  const workflow = await post('/api/soar/v1/workflows', {
    name: `${SECRET} workflow`,
    customer_id: [customer],
    trigger_id: 'alert_created',
  });
  const [workflowRun] = await db
    .insert(workflowRuns)
    .values({
      workflowId: workflow.workflow_id,
      customerId: customer,
      version: 1,
      triggerId: 'alert_created',
      alertId,
    })
    .returning();
  const [conversation] = await db
    .insert(assistantConversations)
    .values({ partnerId: partner.partnerId, userId: globexAdmin.contactId, title: `${SECRET} chat` })
    .returning();
  const [message] = await db
    .insert(assistantMessages)
    .values({
      conversationId: conversation!.id,
      userId: globexAdmin.contactId,
      role: 'assistant',
      content: SECRET,
      modelContent: SECRET,
    })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ kind: 'rebuild-dashboard-rollups', payload: { customer_id: customer } })
    .returning();
  await db.insert(breachLookups).values({
    partnerId: partner.partnerId,
    customerId: customer,
    account: 'secret@globex.test',
    status: 'done',
    breaches: [
      {
        name: SECRET,
        title: SECRET,
        domain: 'globex.test',
        breach_date: '2026-01-01',
        pwn_count: 1,
        data_classes: [],
        verified: true,
      },
    ],
    requestedBy: globexAdmin.contactId,
    finishedAt: new Date(),
  });
  const globexKey = await post(
    '/api/profile/api-keys',
    { name: SECRET, customer_ids: [customer], access: 'read', expires_in_days: 30 },
    globexAdmin,
  );
  await t.app.sessionTokens.issue(globexAdmin.contactId);
  const [globexSession] = await db.select().from(sessions).where(eq(sessions.userId, globexAdmin.contactId));
  const contact = await post('/api/management/contacts', {
    email: 'secret@globex.test',
    role_level: 'Customer',
    valid_customer_ids: [customer],
  });

  return {
    acmeAdmin,
    globexAdmin,
    credentials: { apiKey, agent: acmeAgent.credential, ingestToken, connector },
    ids: {
      customer,
      alert: alertId,
      spareAlert: spareAlert!.id,
      alertComment: alertComment.id as number,
      case: kase.id as number,
      caseVersion: kase.version as number,
      caseComment: caseComment.id as number,
      agent: globexAgent.agent_id,
      agentAction: agentAction.action_id as string,
      installer: installer.installer_id as string,
      enrolmentToken: globexEnrolment.enrolment_token.token_id as string,
      terminalCertificate: certificate.certificate_id as string,
      diagnostics: bundle!.bundleId,
      terminalSession: terminal!.sessionId,
      subscription: subscription.subscriptions[0].subscription_id as string,
      domain: domains.domains[0].uid as string,
      plan: plan.plan_id as string,
      planVersion: plan.version as number,
      integration: integration.id as string,
      mapping: mapping.id as number,
      hostMapping: hostMapping.id as number,
      ingestToken: globexIngest.ingest_token.token_id as string,
      savedSearch: saved.id as string,
      customerSearch: customerSearch.id as string,
      logAlertRule: rule.id as string,
      search: search.id as string,
      export: exported.id as string,
      syslogSource: syslog.id as string,
      mute: mute.id as string,
      muteVersion: mute.version as number,
      report: report.id as string,
      reportVersion: report.version as number,
      reportRun: run!.id,
      indicator: indicator.indicator_id as string,
      workflow: workflow.workflow_id as string,
      workflowVersion: workflow.version as number,
      workflowRun: workflowRun!.id,
      conversation: conversation!.id,
      message: message!.id,
      job: job!.id,
      apiKey: globexKey.key_id as string,
      connectorCredential: globexConnector.credential.credential_id as string,
      session: globexSession!.sessionId,
      contact: contact.contact_id as string,
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
export type Resource = keyof World['ids'];
