import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cases, mailOutbox, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { queueWorkflowEvents } from '../../../src/server/platform/workflow-events.ts';
import { DEMO_TEMPLATES } from '../../../src/server/seed/workflows.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

/**
 * The seeded log-signal templates, made into workflows as they are: each runs on its trigger's
 * event, opens a case with the event's values and mails with the case's id.
 */
describe.each(backends())('the seeded log-signal templates on %s', (backend) => {
  const c = workflowsContext(backend);
  const db = () => c.t().database.db;
  const fromTemplate = (name: string) => {
    const found = DEMO_TEMPLATES.find((t) => t.name === name);
    expect(found, name).toBeDefined();
    return c.published({ name, customer_id: [c.acme()], ...found!.definition });
  };
  const runOf = async (workflowId: string) => {
    const runs = await db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
    expect(runs).toHaveLength(1);
    return runs[0]!;
  };
  const mailTo = async (subject: string) =>
    (await db().select().from(mailOutbox)).filter((m) => m.subject === subject);

  it('reduced log volume opens a case with the counts and mails the provider with its id', async () => {
    const workflow = await fromTemplate('Reduced log volume');
    await queueWorkflowEvents(db(), [
      {
        trigger: 'reduced_log_volume',
        customerId: c.acme(),
        key: `seeded-volume-${workflow.workflow_id}`,
        data: {
          volume: {
            previous_count: 1200,
            current_count: 300,
            drop_percent: 75,
            window_end: '2026-11-29T10:30:00.000Z',
          },
        },
      },
    ]);
    await c.runWorkflowJobs();
    const run = await runOf(workflow.workflow_id);
    expect(run.status, String(run.error)).toBe('succeeded');
    const [opened] = await db()
      .select()
      .from(cases)
      .where(eq(cases.title, 'Log volume of Acme Test fell 75%'));
    expect(opened).toMatchObject({ customerId: c.acme() });
    const [mail] = await mailTo('Log volume of Acme Test fell 75%');
    expect(mail!.text).toBe(`Case ${opened!.id}: 300 events in the last 30 minutes against 1200 before.`);
  });

  it('triple lockout opens a case naming the account and host and tells the customer', async () => {
    const workflow = await fromTemplate('Triple lockout');
    await queueWorkflowEvents(db(), [
      {
        trigger: 'triple_lockout',
        customerId: c.acme(),
        key: `seeded-lockout-${workflow.workflow_id}`,
        data: {
          lockout: {
            account: 'ACME\\jdoe',
            count: 3,
            first_at: '2026-11-29T08:00:00.000Z',
            last_at: '2026-11-29T09:00:00.000Z',
            host: 'ACME-DC-01',
          },
        },
      },
    ]);
    await c.runWorkflowJobs();
    const run = await runOf(workflow.workflow_id);
    expect(run.status, String(run.error)).toBe('succeeded');
    const [opened] = await db()
      .select()
      .from(cases)
      .where(eq(cases.title, 'ACME\\jdoe locked out 3 times in 24 hours'));
    expect(opened!.description).toContain('ACME-DC-01');
    const [mail] = await mailTo('Account ACME\\jdoe locked out three times');
    expect(mail!.recipients).toEqual(['security@customer.example']);
    expect(mail!.text).toContain(`Our case: ${opened!.id}.`);
  });
});
