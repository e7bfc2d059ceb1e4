import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentActions, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

describe.each(backends())('agent actions on agent triggers on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  const actionsOn = (agentId: string, type: string) =>
    db()
      .select()
      .from(agentActions)
      .where(and(eq(agentActions.agentId, agentId), eq(agentActions.type, type)));

  it('offers agent actions to the triggers that name an agent, and to no other event trigger', async () => {
    const offered = async (trigger: string) =>
      (await c.ok(f().analyst, 'GET', `/actions?trigger_id=${trigger}`)).actions.map(
        (a: { action_id: string }) => a.action_id,
      );
    for (const trigger of ['agent_offline', 'agent_unhealthy', 'vulnerability_found'])
      expect(await offered(trigger)).toContain('agent_action');
    for (const trigger of ['scheduled', 'breach_found', 'lookalike_domain_changed'])
      expect(await offered(trigger)).not.toContain('agent_action');
  });

  it('scans the agent that reported itself unhealthy, and isolates the one with a new finding, each once', async () => {
    const sick = await c.fleet.enrol(c.acme(), { host_name: 'ACME-WF-SCAN' });
    const exposed = await c.fleet.enrol(c.acme(), { host_name: 'ACME-WF-EXPOSED' });
    const other = await c.fleet.enrol(c.acme(), { host_name: 'ACME-WF-BYSTANDER' });
    const scan = await c.published({
      name: 'Scan unhealthy agents',
      customer_id: [c.acme()],
      trigger_id: 'agent_unhealthy',
      task_list: [{ id: 'scan', action_id: 'agent_action', parameters: { action: 'full_disk_scan' } }],
    });
    await c.published({
      name: 'Isolate on a new finding',
      customer_id: [c.acme()],
      trigger_id: 'vulnerability_found',
      task_list: [
        { id: 'isolate', action_id: 'agent_action', parameters: { action: 'isolate', duration: 600 } },
      ],
    });
    for (const agent of [sick, exposed, other]) await c.fleet.checkIn(agent);
    const ill = await c.fleet.checkIn(sick, { health: 'unhealthy', health_issues: ['disk full'] });
    expect(ill.statusCode, ill.body).toBe(200);
    const report = await c.fleet.agentCall(exposed.credential, {
      method: 'PUT',
      url: '/api/agent/v1/vulnerabilities',
      payload: {
        patches: [{ id: 'KB9', title: 'Patch KB9', severity: 'critical', cve_ids: ['CVE-2026-0009'] }],
        applications: [],
        os_vulnerabilities: [],
      },
    });
    expect(report.statusCode, report.body).toBe(200);
    await c.runWorkflowJobs();

    const [scanned, ...moreScans] = await actionsOn(sick.agentId, 'full_disk_scan');
    expect(moreScans).toHaveLength(0);
    expect(scanned).toMatchObject({ status: 'queued', alertId: null, requestedBy: f().analyst.contactId });
    const [isolated, ...moreIsolations] = await actionsOn(exposed.agentId, 'isolate');
    expect(moreIsolations).toHaveLength(0);
    expect(isolated!.parameters).toMatchObject({ length: 600 });
    expect(await actionsOn(other.agentId, 'full_disk_scan')).toHaveLength(0);
    expect(await actionsOn(other.agentId, 'isolate')).toHaveLength(0);

    const [run] = await db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, scan.workflow_id));
    const detail = await c.ok(f().analyst, 'GET', `/runs/${run!.id}`);
    expect(detail.steps[0].output).toMatchObject({
      agent_id: sick.agentId,
      agent_action_id: scanned!.actionId,
      action: 'full_disk_scan',
    });
    // Re-run from the step: it acts again, deliberately, once more.
    await c.ok(f().analyst, 'POST', `/runs/${run!.id}/rerun`, { from_step: 0 });
    await c.runWorkflowJobs();
    expect(await actionsOn(sick.agentId, 'full_disk_scan')).toHaveLength(2);
  });
});
