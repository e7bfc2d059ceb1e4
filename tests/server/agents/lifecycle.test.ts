import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentActions, agents } from '../../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
  };
};

describe.each(backends())('the life of a response action on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const db = () => c.t.database.db;
  const actionRow = async (id: string) =>
    (await db().select().from(agentActions).where(eq(agentActions.actionId, id)))[0]!;

  it('queued, delivered (again until taken up), running, succeeded: each step with its time and receipt', async () => {
    const agent = await c.enrol(acme());
    const queued = await c.requestAction(agent.agentId, 'isolate', { parameters: { length: 600 } });
    expect(queued.statusCode, queued.body).toBe(201);
    const action = queued.json();
    expect(action).toMatchObject({ type: 'isolate', status: 'queued', parameters: { length: 600 } });
    expect(action.steps).toEqual([
      { status: 'queued', at: action.created_at, receipt: null, by: c.t.fixtures.analyst.contactId },
    ]);

    const first = await c.checkIn(agent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().actions).toEqual([
      {
        action_id: action.action_id,
        type: 'isolate',
        parameters: { length: 600 },
        expires_at: action.expires_at,
      },
    ]);
    // The answer may have been lost: the next check-in carries the action again, still delivered once.
    const again = await c.checkIn(agent);
    expect(again.json().actions.map((a: { action_id: string }) => a.action_id)).toEqual([action.action_id]);
    let seen = (await c.actionsOf(agent.agentId)).actions[0]!;
    expect(seen.status).toBe('delivered');
    expect(seen.steps.map((s) => s.status)).toEqual(['queued', 'delivered']);
    expect(seen.steps[1]!.receipt).toContain('from 10.0.0.5');

    const running = await c.report(agent, action.action_id, { status: 'running', receipt: 'run-77' });
    expect(running.json()).toEqual({ action_id: action.action_id, status: 'running' });
    // A repeated report changes nothing.
    await c.report(agent, action.action_id, { status: 'running', receipt: 'run-77' });
    // Taken up: no longer handed out.
    expect((await c.checkIn(agent)).json().actions).toEqual([]);

    const done = await c.report(agent, action.action_id, {
      status: 'succeeded',
      exit_code: 0,
      output: 'Isolated: firewall rules applied',
      receipt: 'run-77',
    });
    expect(done.json().status).toBe('succeeded');
    seen = (await c.actionsOf(agent.agentId)).actions[0]!;
    expect(seen).toMatchObject({
      status: 'succeeded',
      exit_code: 0,
      output: 'Isolated: firewall rules applied',
      output_sha256: createHash('sha256').update('Isolated: firewall rules applied').digest('hex'),
      output_truncated: false,
    });
    expect(seen.steps.map((s) => [s.status, s.receipt])).toEqual([
      ['queued', null],
      ['delivered', expect.any(String)],
      ['running', 'run-77'],
      ['succeeded', 'run-77'],
    ]);
    expect(seen.delivered_at && seen.started_at && seen.finished_at).toBeTruthy();

    // Succeeded isolation isolates the agent in the console's picture, until its length has passed.
    const list = await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/agents/' });
    const listed = list.json().agents.find((a: { agent_id: string }) => a.agent_id === agent.agentId);
    expect(listed).toMatchObject({ is_isolated: true, status: 'isolated', status_code: 1 });
    const until = new Date(listed.isolated_until).getTime();
    expect(until - new Date(seen.finished_at!).getTime()).toBe(600_000);

    // A contradicting report after the end is refused; a stale "running" is ignored.
    const contradiction = await c.report(agent, action.action_id, { status: 'failed', exit_code: 1 });
    c.expectError(contradiction, 409, 'conflict');
    expect((await c.report(agent, action.action_id, { status: 'running' })).json().status).toBe('succeeded');
  });

  it('keeps the first 65 536 characters of the output, with the hash and length of all of it', async () => {
    const agent = await c.enrol(acme());
    const { action_id } = (await c.requestAction(agent.agentId, 'full_disk_scan')).json();
    await c.checkIn(agent);
    const output = `${'é'.repeat(70_000)}END`;
    const failed = await c.report(agent, action_id, { status: 'failed', exit_code: 3, output });
    expect(failed.json().status).toBe('failed');
    const seen = (await c.actionsOf(agent.agentId)).actions[0]!;
    expect(seen.output!.length).toBe(65_536);
    expect(seen).toMatchObject({
      exit_code: 3,
      output_truncated: true,
      output_bytes: Buffer.byteLength(output),
      output_sha256: createHash('sha256').update(output).digest('hex'),
    });
  });

  it('cancel stops a queued or delivered action; the agent is told when it reports on it', async () => {
    const agent = await c.enrol(acme());
    const queued = (await c.requestAction(agent.agentId, 'restart_agent')).json();
    const delivered = (await c.requestAction(agent.agentId, 'refresh_threat_hunts')).json();
    await c.checkIn(agent);
    const cancel = (id: string, payload?: object) =>
      c.t.as(c.t.fixtures.analyst, { method: 'POST', url: `/api/agents/v1/actions/${id}/cancel`, payload });
    await c.t.database.db
      .update(agentActions)
      .set({ status: 'queued' })
      .where(eq(agentActions.actionId, queued.action_id));
    expect((await cancel(queued.action_id)).json()).toMatchObject({ status: 'cancelled' });
    const cancelled = await cancel(delivered.action_id, {});
    expect(cancelled.json().steps.at(-1)).toMatchObject({
      status: 'cancelled',
      by: c.t.fixtures.analyst.contactId,
    });
    expect((await c.checkIn(agent)).json().actions).toEqual([]);
    expect((await c.report(agent, delivered.action_id, { status: 'running' })).json().status).toBe(
      'cancelled',
    );
    // Nothing left to cancel.
    c.expectError(await cancel(delivered.action_id), 409, 'conflict');
  });

  it('a running action needs force to cancel; a later result does not undo the cancel', async () => {
    const agent = await c.enrol(acme());
    const { action_id } = (await c.requestAction(agent.agentId, 'upload_diagnostics')).json();
    await c.checkIn(agent);
    await c.report(agent, action_id, { status: 'running' });
    const url = `/api/agents/v1/actions/${action_id}/cancel`;
    const plain = await c.t.as(c.t.fixtures.analyst, { method: 'POST', url });
    c.expectError(plain, 409, 'conflict');
    expect(plain.json().error.message).toContain('force-cancel');
    const forced = await c.t.as(c.t.fixtures.analyst, { method: 'POST', url, payload: { force: true } });
    expect(forced.json()).toMatchObject({ status: 'cancelled' });
    expect(forced.json().steps.at(-1).receipt).toBe('force-cancelled while running');
    const late = await c.report(agent, action_id, { status: 'succeeded', exit_code: 0 });
    expect(late.json().status).toBe('cancelled');
    expect((await actionRow(action_id)).exitCode).toBeNull();
  });

  it('pending actions expire at their type’s expiry (14 days by default, one day to power off)', async () => {
    const agent = await c.enrol(acme());
    const scan = (await c.requestAction(agent.agentId, 'full_disk_scan')).json();
    const shutdown = (await c.requestAction(agent.agentId, 'shutdown_system')).json();
    const days = (a: { created_at: string; expires_at: string }) =>
      (new Date(a.expires_at).getTime() - new Date(a.created_at).getTime()) / 86_400_000;
    expect(days(scan)).toBe(14);
    expect(days(shutdown)).toBe(1);
    await c.checkIn(agent); // both delivered, neither started
    await db()
      .update(agentActions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentActions.actionId, scan.action_id));
    // Past its expiry it is no longer handed out, even before the job has run.
    expect((await c.checkIn(agent)).json().actions.map((a: { type: string }) => a.type)).toEqual([
      'shutdown_system',
    ]);
    await enqueueJob(db(), 'agent-housekeeping');
    const log = quietLog();
    expect(await runDueJobs(db(), { workerId: 'w1', pollMs: 10, log })).toBe(1);
    expect(log.lines.some((l) => /1 action expired/.test(l))).toBe(true);
    expect(await actionRow(scan.action_id)).toMatchObject({ status: 'expired' });
    expect((await actionRow(scan.action_id)).steps.at(-1)).toMatchObject({ status: 'expired' });
    expect(await actionRow(shutdown.action_id)).toMatchObject({ status: 'delivered' });
    expect((await c.report(agent, scan.action_id, { status: 'running' })).json().status).toBe('expired');
  });

  it('a check-in records what the agent says and answers the settings it should apply', async () => {
    const agent = await c.enrol(acme());
    await db()
      .update(agents)
      .set({ settings: { syslog_forwarder: true } })
      .where(eq(agents.agentId, agent.agentId));
    const response = await c.checkIn(agent, {
      version: '4.12.4',
      ip: '10.9.9.9',
      health: 'degraded',
      health_issues: ['Disk almost full'],
      features: ['edr', 'sysmon'],
      applied_settings: { syslog_forwarder: false },
      check_in_interval: 300,
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toMatchObject({
      actions: [],
      settings: { syslog_forwarder: true },
      check_in_interval: 300,
    });
    const [row] = await db().select().from(agents).where(eq(agents.agentId, agent.agentId));
    expect(row).toMatchObject({
      version: '4.12.4',
      ip: '10.9.9.9',
      health: 'degraded',
      healthIssues: ['Disk almost full'],
      features: ['edr', 'sysmon'],
      appliedSettings: { syslog_forwarder: false },
      checkInInterval: 300,
    });
  });

  it('isolation ends by itself when its length has passed', async () => {
    const agent = await c.enrol(acme());
    await db()
      .update(agents)
      .set({ isIsolated: true, isolatedUntil: new Date(Date.now() - 1000) })
      .where(eq(agents.agentId, agent.agentId));
    await enqueueJob(db(), 'agent-housekeeping');
    await runDueJobs(db(), { workerId: 'w1', pollMs: 10, log: quietLog() });
    const [row] = await db().select().from(agents).where(eq(agents.agentId, agent.agentId));
    expect(row).toMatchObject({ isIsolated: false, isolatedUntil: null });
  });

  it('de-isolation that succeeded ends the isolation at once', async () => {
    const agent = await c.enrol(acme());
    await db()
      .update(agents)
      .set({ isIsolated: true, isolatedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(agents.agentId, agent.agentId));
    const { action_id } = (await c.requestAction(agent.agentId, 'deisolate')).json();
    await c.checkIn(agent);
    await c.report(agent, action_id, { status: 'succeeded', exit_code: 0 });
    const [row] = await db().select().from(agents).where(eq(agents.agentId, agent.agentId));
    expect(row).toMatchObject({ isIsolated: false, isolatedUntil: null });
  });
});
