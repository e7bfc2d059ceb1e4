import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts, cases } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

describe.each(backends())('workflow branches and case and enrichment steps on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  let n = 0;
  const fresh = () => `triage-${++n}`;

  /** High or worse: a case with the alert in it; else a comment only. */
  const triage = (type: string) => ({
    name: `Triage ${type}`,
    customer_id: [c.acme()],
    trigger_id: 'alert_created',
    trigger_filter: { types: [type] },
    task_list: [
      {
        id: 'urgent',
        action_id: 'condition',
        parameters: {
          operator: 'priority_at_least',
          value: '{{trigger.alert.priority}}',
          compare_to: 'high',
        },
        on_true: 'lookup',
        on_false: 'note',
      },
      {
        id: 'lookup',
        action_id: 'threat_lookup',
        parameters: { value: '{{trigger.alert.fields.source_ip}}' },
      },
      {
        id: 'open',
        action_id: 'case_create',
        parameters: { title: 'Case for {{trigger.alert.title}}', tags: ['auto'] },
      },
      {
        id: 'done',
        action_id: 'condition',
        parameters: { operator: 'equals', value: 'a', compare_to: 'a' },
        on_true: '$end',
      },
      { id: 'note', action_id: 'alert_comment', parameters: { message: 'Low: no case' } },
    ],
  });

  it('follows a condition’s branches: a case with the alert for urgent ones, a comment for the rest', async () => {
    const type = fresh();
    await c.published(triage(type));
    const urgent = await c.raiseAlert({ type, priority: 'critical', fields: { source_ip: '203.0.113.9' } });
    const minor = await c.raiseAlert({ type, priority: 'low', fields: { source_ip: '203.0.113.9' } });
    await c.runWorkflowJobs();

    const [urgentRun] = (await c.ok(f().analyst, 'GET', `/alerts/${urgent.id}/runs`)).runs;
    const urgentSteps = (await c.ok(f().analyst, 'GET', `/runs/${urgentRun.run_id}`)).steps;
    expect(urgentSteps.map((s: { status: string }) => s.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
      'skipped',
    ]);
    expect(urgentSteps[1].output).toMatchObject({ kind: 'ip', value: '203.0.113.9', det: 'U' });
    const caseId = urgentSteps[2].output.case_id;
    const [opened] = await db().select().from(cases).where(eq(cases.id, caseId));
    expect(opened).toMatchObject({ title: 'Case for Malware found', customerId: c.acme(), tags: ['auto'] });
    const [moved] = await db().select({ caseId: alerts.caseId }).from(alerts).where(eq(alerts.id, urgent.id));
    expect(moved!.caseId).toBe(caseId);

    const [minorRun] = (await c.ok(f().analyst, 'GET', `/alerts/${minor.id}/runs`)).runs;
    expect(minorRun.status).toBe('succeeded');
    const minorSteps = (await c.ok(f().analyst, 'GET', `/runs/${minorRun.run_id}`)).steps;
    expect(minorSteps.map((s: { status: string }) => s.status)).toEqual([
      'succeeded',
      'skipped',
      'skipped',
      'skipped',
      'succeeded',
    ]);
  });

  it('adds the alert to a case an earlier step names, and a test run follows the branches too', async () => {
    const type = fresh();
    const [existing] = await db()
      .insert(cases)
      .values({ customerId: c.acme(), title: 'Running incident' })
      .returning();
    await c.published({
      name: 'Into the incident',
      customer_id: [c.acme()],
      trigger_id: 'alert_created',
      trigger_filter: { types: [type] },
      task_list: [{ id: 'add', action_id: 'case_add', parameters: { case_id: String(existing!.id) } }],
    });
    const alert = await c.raiseAlert({ type });
    await c.runWorkflowJobs();
    const [row] = await db().select({ caseId: alerts.caseId }).from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.caseId).toBe(existing!.id);

    const test = await c.ok(f().analyst, 'POST', '/workflows/test', {
      alert_id: alert.id,
      definition: { ...triage(type), customer_id: undefined, name: undefined },
    });
    expect(test.steps.map((s: { would: string }) => s.would.startsWith('Not reached'))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('refuses branches that go back, branches on steps that do not test, and tests that cannot work', async () => {
    const bad = async (task: Record<string, unknown>, field: string) => {
      const response = await c.call(f().analyst, 'POST', '/workflows', {
        name: 'Bad',
        trigger_id: 'alert_created',
        task_list: [
          { id: 'first', action_id: 'alert_comment', parameters: { message: 'x' } },
          {
            id: 'test',
            action_id: 'condition',
            parameters: { operator: 'equals', value: 'a', compare_to: 'a' },
            ...task,
          },
        ],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(field);
    };
    await bad({ on_true: 'first' }, 'task_list[1].on_true');
    await bad({ on_false: 'nowhere' }, 'task_list[1].on_false');
    await bad(
      { parameters: { operator: 'regex', value: 'a', compare_to: '(' } },
      'task_list[1].parameters.compare_to',
    );
    await bad(
      { parameters: { operator: 'priority_at_least', value: 'a', compare_to: 'urgent' } },
      'compare_to',
    );
    await bad({ parameters: { operator: 'days_of_week', days_of_week: ['7'] } }, 'days_of_week[0]');
    await bad(
      { parameters: { operator: 'time_window', start_time: '25:00', end_time: '09:00' } },
      'start_time',
    );
    const notATest = await c.call(f().analyst, 'POST', '/workflows', {
      name: 'Bad',
      trigger_id: 'alert_created',
      task_list: [{ id: 'first', action_id: 'alert_comment', parameters: { message: 'x' }, on_true: '$end' }],
    });
    expect(notATest.statusCode).toBe(400);
    expect(notATest.body).toContain('task_list[0].on_true');
  });
});
