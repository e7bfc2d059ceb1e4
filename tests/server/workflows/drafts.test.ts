import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(backends())('the /soar/v1 workflow calls on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;

  describe('drafts and versions', () => {
    it('creates the default new workflow: empty name, scheduled at 9:00 on days 0-4, a draft', async () => {
      const created = await c.ok(f().analyst, 'POST', '/workflows', {});
      expect(created).toMatchObject({
        name: '',
        customer_id: [],
        global: true,
        trigger_id: 'scheduled',
        scheduled: true,
        scheduled_time: '09:00',
        scheduled_days: [0, 1, 2, 3, 4],
        task_list: [],
        state: 'draft',
        draft: true,
        published_version: null,
        version: 1,
      });
      const audit = await c
        .t()
        .database.db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, created.workflow_id));
      expect(audit.map((row) => row.action)).toEqual(['create']);
    });

    it('refuses bad input with 400 naming the field, and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ trigger_id: 'volcano' }, 'body.trigger_id'],
        [{ scheduled_time: '25:00' }, 'body.scheduled_time'],
        [{ scheduled_days: [7] }, 'body.scheduled_days[0]'],
        [
          c.isolateWorkflow({ task_list: [{ id: 'x', action_id: 'launch_missiles', parameters: {} }] }),
          'body.task_list[0].action_id',
        ],
        [
          c.isolateWorkflow({ trigger_id: 'scheduled', trigger_filter: undefined }),
          'body.task_list[0].action_id',
        ],
        [
          c.isolateWorkflow({
            task_list: [{ id: 'mail', action_id: 'send_email', parameters: { emails: ['not-an-address'] } }],
          }),
          'body.task_list[0].parameters.emails[0]',
        ],
        [
          c.isolateWorkflow({
            task_list: [
              { id: 'note', action_id: 'alert_comment', parameters: { message: '{{steps.later.x}}' } },
            ],
          }),
          'body.task_list[0].parameters.message',
        ],
        [
          c.isolateWorkflow({
            task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { colour: 'red' } }],
          }),
          'body.task_list[0].parameters.colour',
        ],
        [c.isolateWorkflow({ order_list: ['comment'] }), 'body.order_list'],
        [
          c.isolateWorkflow({ trigger_filter: { min_risk: 80, max_risk: 20 } }),
          'body.trigger_filter.max_risk',
        ],
      ];
      const before = (await c.ok(f().analyst, 'GET', '/workflows')).workflows.length;
      for (const [body, field] of cases) {
        const refused = await c.call(f().analyst, 'POST', '/workflows', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().error.details[0].field).toBe(field);
      }
      expect((await c.ok(f().analyst, 'GET', '/workflows')).workflows.length).toBe(before);
    });

    it('publishes only a named workflow with tasks, freezes each version with its hash, and keeps it when the draft changes', async () => {
      const empty = await c.ok(f().analyst, 'POST', '/workflows', {
        name: 'Nothing yet',
        customer_id: [c.acme()],
      });
      const noTasks = await c.call(f().analyst, 'POST', `/workflows/${empty.workflow_id}/publish`, {
        version: 1,
      });
      expect(noTasks.statusCode).toBe(400);
      expect(noTasks.json().error.details[0]).toMatchObject({
        field: 'body.task_list',
        reason: 'a workflow without tasks can only be a draft',
      });
      const unnamed = await c.ok(f().analyst, 'POST', '/workflows', c.isolateWorkflow({ name: '' }));
      expect(
        (await c.call(f().analyst, 'POST', `/workflows/${unnamed.workflow_id}/publish`, { version: 1 }))
          .statusCode,
      ).toBe(400);
      const incomplete = await c.ok(
        f().analyst,
        'POST',
        '/workflows',
        c.isolateWorkflow({ task_list: [{ id: 'note', action_id: 'alert_comment', parameters: {} }] }),
      );
      const missing = await c.call(f().analyst, 'POST', `/workflows/${incomplete.workflow_id}/publish`, {
        version: 1,
      });
      expect(missing.json().error.details[0]).toMatchObject({
        field: 'body.task_list[0].parameters.message',
        reason: 'is required',
      });

      const draft = await c.ok(f().analyst, 'POST', '/workflows', c.isolateWorkflow());
      const stale = await c.call(f().analyst, 'POST', `/workflows/${draft.workflow_id}/publish`, {
        version: 7,
      });
      expect(stale.statusCode).toBe(409);
      const v1 = await c.ok(f().analyst, 'POST', `/workflows/${draft.workflow_id}/publish`, { version: 1 });
      expect(v1).toMatchObject({ state: 'published', draft: false, published_version: 1 });
      expect(v1.content_hash).toMatch(/^[0-9a-f]{64}$/);
      // Publishing what is already published adds no version.
      const again = await c.ok(f().analyst, 'POST', `/workflows/${draft.workflow_id}/publish`, {
        version: v1.version,
      });
      expect(again.published_version).toBe(1);

      const edited = await c.ok(f().analyst, 'PUT', '/workflows', {
        workflow_id: draft.workflow_id,
        version: v1.version,
        task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'edited' } }],
      });
      expect(edited).toMatchObject({
        state: 'published',
        draft: true,
        published_version: 1,
        content_hash: v1.content_hash,
      });
      const versions = (await c.ok(f().analyst, 'GET', `/workflows/${draft.workflow_id}/versions`)).versions;
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({
        version: 1,
        content_hash: v1.content_hash,
        published_by: 'analyst@test.example',
      });
      expect(versions[0].definition.task_list.map((task: { id: string }) => task.id)).toEqual([
        'comment',
        'isolate',
      ]);

      const v2 = await c.ok(f().analyst, 'POST', `/workflows/${draft.workflow_id}/publish`, {
        version: edited.version,
      });
      expect(v2).toMatchObject({ published_version: 2, draft: false });
      expect(v2.content_hash).not.toBe(v1.content_hash);
      const both = (await c.ok(f().analyst, 'GET', `/workflows/${draft.workflow_id}/versions`)).versions;
      expect(both.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect(both[1].content_hash).toBe(v1.content_hash);

      const paused = await c.ok(f().analyst, 'POST', `/workflows/${draft.workflow_id}/pause`, {
        paused: true,
      });
      expect(paused.state).toBe('paused');
      expect(
        (await c.call(f().analyst, 'POST', `/workflows/${empty.workflow_id}/pause`, { paused: true }))
          .statusCode,
      ).toBe(400);
    });

    it('changing the trigger removes the tasks it does not support only when asked', async () => {
      const draft = await c.ok(
        f().analyst,
        'POST',
        '/workflows',
        c.isolateWorkflow({
          task_list: [
            { id: 'note', action_id: 'alert_comment', parameters: { message: 'x' } },
            {
              id: 'mail',
              action_id: 'send_email',
              parameters: { emails: ['soc@test.example'], subject: 's', message: 'm' },
            },
          ],
        }),
      );
      const change = { workflow_id: draft.workflow_id, version: draft.version, trigger_id: 'scheduled' };
      const asked = await c.call(f().analyst, 'PUT', '/workflows', change);
      expect(asked.statusCode).toBe(400);
      expect(asked.json().error.details[0].reason).toMatch(/does not support task note/);
      const changed = await c.ok(f().analyst, 'PUT', '/workflows', {
        ...change,
        remove_unsupported_tasks: true,
      });
      expect(changed.task_list.map((task: { id: string }) => task.id)).toEqual(['mail']);
      expect(changed).toMatchObject({ trigger_id: 'scheduled', scheduled: true, trigger_filter: {} });
    });

    it('deletes a workflow, then answers 404 for it', async () => {
      const draft = await c.ok(f().analyst, 'POST', '/workflows', { name: 'Short lived' });
      expect((await c.call(f().viewer, 'DELETE', `/workflows/${draft.workflow_id}`)).statusCode).toBe(403);
      expect((await c.call(f().analyst, 'DELETE', `/workflows/${draft.workflow_id}`)).statusCode).toBe(204);
      expect((await c.call(f().analyst, 'GET', `/workflows/${draft.workflow_id}`)).statusCode).toBe(404);
      expect((await c.call(f().analyst, 'DELETE', `/workflows/${MISSING}`)).statusCode).toBe(404);
    });
  });
});
