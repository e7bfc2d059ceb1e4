import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { engineContext } from './helpers.ts';

describe.each(backends())("the workflow engine's guards on %s", (backend) => {
  const c = engineContext(backend);
  const { f, db, fresh, runsOf, runDetail, commentsOn } = c;

  it('acts with its publisher’s reach as it is when it runs: a publisher who lost it fails the run clearly', async () => {
    const { n, type, host } = fresh();
    const publisher = await c.addUser(`publisher-${n}@test.example`, 'Global', [
      'global_user',
      'read_all',
      'modify_all',
    ]);
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'acting' } }],
      }),
      publisher,
    );
    await db()
      .update(users)
      .set({ permissions: ['global_user', 'read_all'] })
      .where(eq(users.contactId, publisher.contactId));
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe(
      'Step 1 failed: The person who published this workflow may no longer change workflows.',
    );
    expect(await commentsOn(alert.id)).toHaveLength(0);
  });

  it('never lets a workflow trigger itself (loop guard)', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_id: 'alert_updated',
        trigger_filter: { types: [type] },
        task_list: [
          { id: 'bump', action_id: 'alert_priority', parameters: { priority: 'high' } },
          { id: 'ack', action_id: 'alert_status', parameters: { status: 'acknowledged' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'low' });
    const changed = await c.t().as(f().analyst, {
      method: 'PUT',
      url: `/api/alerts/v1/alerts/${alert.id}`,
      payload: { version: alert.version, status: 'open' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await c.runWorkflowJobs();
    await c.runWorkflowJobs();
    const runs = await runsOf(alert.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('succeeded');
    const after = (
      await c.t().as(f().analyst, { url: `/api/alerts/v1/alerts/${alert.id}?skip_viewed=true` })
    ).json();
    expect(after).toMatchObject({ priority: 'high', status: 'acknowledged' });
  });

  it('fails an outbound request to an internal address at once, through the outbound guard', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          {
            id: 'hook',
            action_id: 'http_request',
            parameters: {
              url: 'http://127.0.0.1:9/hook',
              method: 'POST',
              body: '{"alert": {{trigger.alert.id}}}',
            },
          },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('failed');
    const detail = await runDetail(run!.run_id);
    expect(detail.steps[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      input: { body: `{"alert": ${alert.id}}` },
    });
    expect(detail.steps[0].error).toMatch(/127\.0\.0\.1|internal|loopback/i);
    expect(
      (await db().select().from(workflowRuns).where(eq(workflowRuns.id, run!.run_id)))[0]!.finishedAt,
    ).not.toBeNull();
  });
});
