import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportAgentsGoneOffline } from '../../../src/server/areas/agents/index.ts';
import { finishLookup } from '../../../src/server/areas/threat/hibp/lookup.ts';
import { RUNS_PER_MINUTE } from '../../../src/server/areas/workflows/engine/dispatch.ts';
import { agents, breachLookups, jobs, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { queueWorkflowEvents } from '../../../src/server/platform/workflow-events.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

/** A mail step: what a run of any trigger can do, reading the trigger's values. */
const mailing = (subject: string) => [
  {
    id: 'mail',
    action_id: 'send_email',
    parameters: { emails: ['soc@test.example'], subject, message: 'For {{trigger.customer.name}}' },
  },
];

describe.each(backends())('workflow triggers of other areas on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  const runsOf = (workflowId: string) =>
    db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));

  it('an agent reporting itself unhealthy, and a new finding in its vulnerability report, start runs with what they name', async () => {
    const agent = await c.fleet.enrol(c.acme(), { host_name: 'ACME-WF-SICK' });
    const sick = await c.published({
      name: 'Sick agent',
      customer_id: [c.acme()],
      trigger_id: 'agent_unhealthy',
      task_list: mailing('{{trigger.agent.host_name}} is unhealthy: {{trigger.agent.health_issues}}'),
    });
    const vulnerable = await c.published({
      name: 'New finding',
      customer_id: [c.acme()],
      trigger_id: 'vulnerability_found',
      task_list: mailing('{{trigger.vulnerability.id}} on {{trigger.agent.host_name}}'),
    });
    expect((await c.fleet.checkIn(agent)).statusCode).toBe(200);
    expect(await runsOf(sick.workflow_id)).toHaveLength(0);
    const ill = await c.fleet.checkIn(agent, { health: 'unhealthy', health_issues: ['disk full'] });
    expect(ill.statusCode, ill.body).toBe(200);
    // Still unhealthy at the next check-in: no second run.
    await c.fleet.checkIn(agent, { health: 'unhealthy', health_issues: ['disk full'] });
    const findings = (ids: string[]) => ({
      patches: ids.map((id) => ({ id, title: `Patch ${id}`, severity: 'high', cve_ids: ['CVE-2026-0001'] })),
      applications: [],
      os_vulnerabilities: [],
    });
    const put = (payload: unknown) =>
      c.fleet.agentCall(agent.credential, {
        method: 'PUT',
        url: '/api/agent/v1/vulnerabilities',
        payload: payload as object,
      });
    expect((await put(findings(['KB1']))).statusCode).toBe(200);
    expect((await put(findings(['KB1', 'KB2']))).statusCode).toBe(200);
    await c.runWorkflowJobs();

    const [sickRun, ...moreSick] = await runsOf(sick.workflow_id);
    expect(moreSick).toHaveLength(0);
    expect(sickRun).toMatchObject({
      status: 'succeeded',
      customerId: c.acme(),
      triggerId: 'agent_unhealthy',
    });
    const detail = await c.ok(f().analyst, 'GET', `/runs/${sickRun!.id}`);
    expect(detail.steps[0].input.subject).toBe('ACME-WF-SICK is unhealthy: disk full');
    const found = (await runsOf(vulnerable.workflow_id)).map(
      (run) => (run.triggerData as { vulnerability: { id: string } }).vulnerability.id,
    );
    // KB1 once (the second report already had it), KB2 once.
    expect(found.sort()).toEqual(['KB1', 'KB2']);
  });

  it('an agent whose check-in is overdue fires agent offline once for that silence', async () => {
    const agent = await c.fleet.enrol(c.acme(), { host_name: 'ACME-WF-GONE' });
    await c.fleet.checkIn(agent);
    const gone = await c.published({
      name: 'Agent offline',
      customer_id: [c.acme()],
      trigger_id: 'agent_offline',
      task_list: mailing('{{trigger.agent.host_name}} went offline'),
    });
    const [row] = await db().select().from(agents).where(eq(agents.agentId, agent.agentId));
    const overdue = new Date(row!.heartbeatAt!.getTime() + (2 * row!.checkInInterval + 90) * 1000);
    await reportAgentsGoneOffline(db(), new Date(row!.heartbeatAt!.getTime() + 1000)); // still online
    await reportAgentsGoneOffline(db(), overdue);
    await reportAgentsGoneOffline(db(), new Date(overdue.getTime() + 60_000)); // the next sweep
    await c.runWorkflowJobs(() => new Date(overdue.getTime() + 120_000));
    const runs = (await runsOf(gone.workflow_id)).filter(
      (run) => (run.triggerData as { agent: { id: string } }).agent.id === agent.agentId,
    );
    expect(runs.map((run) => run.status)).toEqual(['succeeded']);
  });

  it('starts one run per event key, only for workflows of the event’s customer, and never one that caused it', async () => {
    const mine = await c.published({
      name: 'Breach found',
      customer_id: [c.acme()],
      trigger_id: 'breach_found',
      task_list: mailing('{{trigger.breach.account}} in {{trigger.breach.count}} breaches'),
    });
    const other = await c.published({
      name: 'Globex breaches',
      customer_id: [c.globex()],
      trigger_id: 'breach_found',
      task_list: mailing('Globex'),
    });
    const event = {
      trigger: 'breach_found',
      customerId: c.acme(),
      key: `lookup-${mine.workflow_id}`,
      data: { breach: { account: 'ann@acme.test', count: 2, names: 'A, B' } },
    };
    await queueWorkflowEvents(db(), [event]);
    await queueWorkflowEvents(db(), [event]); // queued twice: one run
    await c.runWorkflowJobs();
    const runs = await runsOf(mine.workflow_id);
    expect(runs).toHaveLength(1);
    const detail = await c.ok(f().analyst, 'GET', `/runs/${runs[0]!.id}`);
    expect(detail.steps[0].input.subject).toBe('ann@acme.test in 2 breaches');
    expect(await runsOf(other.workflow_id)).toHaveLength(0);

    // An event a run's own step caused does not start that workflow again (loop guard).
    await db()
      .insert(jobs)
      .values({
        kind: 'workflow-dispatch',
        payload: {
          events: [{ ...event, event: 'breach_found', customer_id: c.acme(), key: 'caused-by-itself' }],
          depth: 1,
          source_workflow_id: mine.workflow_id,
        },
        runAt: new Date(),
      });
    await c.runWorkflowJobs();
    expect(await runsOf(mine.workflow_id)).toHaveLength(1);
  });

  it('a customer’s breach look-up that finds breaches fires breach found with the look-up', async () => {
    const found = await c.published({
      name: 'Breached account',
      customer_id: [c.acme()],
      trigger_id: 'breach_found',
      task_list: mailing('{{trigger.breach.account}}: {{trigger.breach.names}}'),
    });
    const [lookup] = await db()
      .insert(breachLookups)
      .values({
        partnerId: f().partner.partnerId,
        customerId: c.acme(),
        account: 'carol@acme.test',
        requestedBy: f().analyst.contactId,
      })
      .returning();
    const breach = { title: 'Adobe', domain: 'adobe.com', breach_date: null, pwn_count: 1, data_classes: [] };
    await finishLookup(db(), lookup!.id, { breaches: [{ ...breach, name: 'Adobe', verified: true }] }, 1);
    await finishLookup(db(), lookup!.id, { breaches: [{ ...breach, name: 'Adobe', verified: true }] }, 1);
    await c.runWorkflowJobs();
    const runs = await runsOf(found.workflow_id);
    expect(runs).toHaveLength(1);
    const detail = await c.ok(f().analyst, 'GET', `/runs/${runs[0]!.id}`);
    expect(detail.steps[0].input.subject).toBe('carol@acme.test: Adobe');
  });

  it('starts no more than its runs a minute', async () => {
    const busy = await c.published({
      name: 'Busy',
      customer_id: [c.acme()],
      trigger_id: 'breach_found',
      task_list: mailing('busy'),
    });
    const run = {
      partnerId: f().partner.partnerId,
      workflowId: busy.workflow_id,
      version: 1,
      customerId: c.acme(),
      triggerId: 'breach_found',
      triggerData: {},
      status: 'succeeded',
    };
    await db()
      .insert(workflowRuns)
      .values(Array.from({ length: RUNS_PER_MINUTE }, () => run));
    await queueWorkflowEvents(db(), [
      { trigger: 'breach_found', customerId: c.acme(), key: `over-${busy.workflow_id}`, data: {} },
    ]);
    await c.runWorkflowJobs();
    expect(await runsOf(busy.workflow_id)).toHaveLength(RUNS_PER_MINUTE);
  });
});
