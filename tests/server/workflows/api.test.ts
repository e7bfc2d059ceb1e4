import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentActions, auditLog, discussions, jobs } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { type User, workflowsContext } from './helpers.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(backends())('the /soar/v1 workflow calls on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  let acmeStaff: User;
  let noGlobal: User;
  let editor: User;
  beforeAll(async () => {
    // global_user limited to one customer; staff without global_user; read_workflow and modify_workflow only.
    acmeStaff = await c.addUser(
      'acme-staff@test.example',
      'Customer',
      ['global_user', 'read_all', 'modify_all'],
      [c.acme()],
    );
    noGlobal = await c.addUser('no-global@test.example', 'Global', ['read_all', 'modify_all']);
    editor = await c.addUser('editor@test.example', 'Global', [
      'global_user',
      'read_workflow',
      'modify_workflow',
    ]);
  });

  describe('who may call', () => {
    it('needs a session, global_user, and read or modify rights for workflows', async () => {
      expect((await c.call(null, 'GET', '/workflows')).statusCode).toBe(401);
      for (const [user, needs] of [
        [f().acmeUser, /read_all or read_workflow/],
        [noGlobal, /global_user/],
      ] as const) {
        const refused = await c.call(user, 'GET', '/workflows');
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().error.message).toMatch(needs);
        expect((await c.call(user, 'POST', '/workflows', {})).statusCode).toBe(403);
      }
      // Staff who read everything read workflows but change none.
      expect((await c.call(f().viewer, 'GET', '/workflows/details')).statusCode).toBe(200);
      const refused = await c.call(f().viewer, 'POST', '/workflows', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/modify_all or modify_workflow/);
      // The workflow permissions alone are enough.
      const made = await c.call(editor, 'POST', '/workflows', { name: 'Editor made' });
      expect(made.statusCode, made.body).toBe(201);
      expect((await c.call(editor, 'GET', '/triggers')).statusCode).toBe(200);
    });

    it('never shows a workflow of a customer out of reach, nor one for every customer to a caller who reaches only some', async () => {
      const globexOnly = await c.ok(f().analyst, 'POST', '/workflows', {
        name: 'Globex only',
        customer_id: [c.globex()],
      });
      const everyone = await c.ok(f().analyst, 'POST', '/workflows', { name: 'Every customer' });
      const acmeOwn = await c.ok(acmeStaff, 'POST', '/workflows', {
        name: 'Acme own',
        customer_id: [c.acme()],
      });

      const listed = (await c.ok(acmeStaff, 'GET', '/workflows')).workflows.map(
        (w: { name: string }) => w.name,
      );
      expect(listed).toContain('Acme own');
      expect(listed).not.toContain('Globex only');
      expect(listed).not.toContain('Every customer');
      for (const id of [globexOnly.workflow_id, everyone.workflow_id]) {
        expect((await c.call(acmeStaff, 'GET', `/workflows/${id}`)).statusCode).toBe(404);
        expect((await c.call(acmeStaff, 'DELETE', `/workflows/${id}`)).statusCode).toBe(404);
        expect((await c.call(acmeStaff, 'GET', `/workflows/${id}/runs`)).statusCode).toBe(404);
      }
      // Nor may they make one for a customer they cannot see, or for every customer.
      const foreign = await c.call(acmeStaff, 'POST', '/workflows', { customer_id: [c.globex()] });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(`A customer with the ID ${c.globex()} was not found.`);
      const all = await c.call(acmeStaff, 'POST', '/workflows', { name: 'All' });
      expect(all.statusCode).toBe(400);
      expect(all.json().error.details[0].field).toBe('body.customer_id');
      // Staff see all three.
      const staffList = (await c.ok(f().analyst, 'GET', '/workflows')).workflows.map(
        (w: { workflow_id: string }) => w.workflow_id,
      );
      expect(staffList).toEqual(
        expect.arrayContaining([globexOnly.workflow_id, everyone.workflow_id, acmeOwn.workflow_id]),
      );
    });
  });

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

  describe('the catalogue', () => {
    it('lists triggers with their runtime parameters, and actions per trigger', async () => {
      const triggers = (await c.ok(f().analyst, 'GET', '/triggers')).triggers;
      expect(triggers.map((t: { trigger_id: string }) => t.trigger_id)).toEqual([
        'alert_created',
        'alert_updated',
        'scheduled',
        'saved_search_alert',
        'reduced_log_volume',
        'triple_lockout',
        'breach_found',
        'lookalike_domain_changed',
        'agent_offline',
        'agent_unhealthy',
        'vulnerability_found',
      ]);
      // Every trigger names what its tasks may read, the customer among it.
      for (const trigger of triggers)
        expect(trigger.runtime_params.map((p: { name: string }) => p.name)).toContain('customer_id');
      expect(triggers[0].runtime_params.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['computer_name', 'sha256', 'source_ip', 'alert_os']),
      );
      const scheduled = (await c.ok(f().analyst, 'GET', '/actions?trigger_id=scheduled')).actions.map(
        (a: { action_id: string }) => a.action_id,
      );
      expect(scheduled).toContain('send_email');
      expect(scheduled).not.toContain('alert_comment');
      expect(
        (await c.call(f().analyst, 'GET', '/actions/agent_action?trigger_id=scheduled')).statusCode,
      ).toBe(404);
      const isolate = await c.ok(f().analyst, 'GET', '/actions/agent_action?trigger_id=alert_created');
      expect(isolate.parameters.find((p: { name: string }) => p.name === 'action').options).toContain(
        'isolate',
      );
      const draft = await c.ok(f().analyst, 'POST', '/workflows', c.isolateWorkflow());
      const params = await c.ok(f().analyst, 'GET', `/workflows/${draft.workflow_id}/runtime_params`);
      expect(params.runtime_params.find((p: { name: string }) => p.name === 'computer_name').path).toBe(
        'trigger.alert.host_name',
      );
      expect((await c.call(f().analyst, 'GET', `/custom_search/${MISSING}/runtime_params`)).statusCode).toBe(
        404,
      );
    });

    it('keeps templates, and makes workflows from them', async () => {
      const template = await c.ok(f().analyst, 'POST', '/templates', {
        name: 'Notify on high alerts',
        trigger_id: 'alert_created',
        trigger_filter: { priorities: ['high'] },
        task_list: [
          {
            id: 'mail',
            action_id: 'send_email',
            parameters: {
              emails: ['soc@test.example'],
              subject: 'High: {{trigger.alert.title}}',
              message: 'See alert {{trigger.alert.id}}',
            },
          },
        ],
      });
      expect(template).toMatchObject({ name: 'Notify on high alerts', version: 1, order_list: ['mail'] });
      expect((await c.call(f().acmeUser, 'GET', '/templates')).statusCode).toBe(403);
      const fromTemplate = await c.ok(f().analyst, 'POST', '/workflows', {
        template_id: template.template_id,
        name: 'Acme notify',
        customer_id: [c.acme()],
      });
      expect(fromTemplate).toMatchObject({
        template_id: template.template_id,
        trigger_id: 'alert_created',
        trigger_filter: { priorities: ['high'] },
        state: 'draft',
      });
      const updated = await c.ok(f().analyst, 'PUT', `/templates/${template.template_id}`, {
        name: 'Renamed',
        trigger_id: 'scheduled',
        version: 1,
      });
      expect(updated).toMatchObject({ name: 'Renamed', version: 2 });
      expect(
        (
          await c.call(f().analyst, 'PUT', `/templates/${template.template_id}`, {
            name: 'Stale',
            trigger_id: 'scheduled',
            version: 1,
          })
        ).statusCode,
      ).toBe(409);
      // The workflow keeps what it copied.
      expect((await c.ok(f().analyst, 'GET', `/workflows/${fromTemplate.workflow_id}`)).trigger_id).toBe(
        'alert_created',
      );
      expect((await c.call(f().analyst, 'DELETE', `/templates/${template.template_id}`)).statusCode).toBe(
        204,
      );
      expect((await c.call(f().analyst, 'GET', `/templates/${template.template_id}`)).statusCode).toBe(404);
    });
  });

  describe('a test run', () => {
    it('evaluates each step against a real past alert and does nothing', async () => {
      const agent = await c.fleet.enrol(c.acme(), { host_name: 'ACME-TEST-RUN' });
      const alert = await c.raiseAlert({ host_name: 'ACME-TEST-RUN', priority: 'low' });
      expect(alert.agent_id).toBe(agent.agentId);
      const draft = await c.ok(
        f().analyst,
        'POST',
        '/workflows',
        c.isolateWorkflow({
          task_list: [
            ...c.isolateWorkflow().task_list,
            {
              id: 'risky',
              action_id: 'condition',
              parameters: { value: '{{trigger.alert.priority}}', operator: 'equals', compare_to: 'critical' },
            },
            {
              id: 'mail',
              action_id: 'send_email',
              parameters: { emails: ['soc@test.example'], subject: 'x', message: 'y' },
            },
          ],
        }),
      );
      const db = c.t().database.db;
      const counted = async () => ({
        jobs: (await db.select({ n: count() }).from(jobs))[0]!.n,
        comments: (await db.select({ n: count() }).from(discussions))[0]!.n,
        actions: (
          await db.select({ n: count() }).from(agentActions).where(eq(agentActions.agentId, agent.agentId))
        )[0]!.n,
      });
      const before = await counted();
      const result = await c.ok(f().analyst, 'POST', '/workflows/test', {
        workflow_id: draft.workflow_id,
        alert_id: alert.id,
      });
      expect(result.trigger_matches).toBe(false); // a low alert; the filter wants critical
      expect(result.steps).toHaveLength(4);
      expect(result.steps[0]).toMatchObject({
        side_effect: true,
        input: { message: 'Isolating ACME-TEST-RUN of Acme Test', private: true },
        error: null,
      });
      expect(result.steps[0].would).toContain('Isolating ACME-TEST-RUN of Acme Test');
      expect(result.steps[1].would).toBe(`Queue isolate on the agent of alert ${alert.id}.`);
      expect(result.steps[2]).toMatchObject({ side_effect: false, output: { passed: false } });
      expect(result.steps[3].would).toMatch(/^Not reached/);
      expect(await counted()).toEqual(before);

      // An alert of a customer the workflow is not for, or out of reach, is refused.
      const globexAlert = await c.raiseAlert({ customer_id: c.globex() });
      const foreign = await c.call(f().analyst, 'POST', '/workflows/test', {
        workflow_id: draft.workflow_id,
        alert_id: globexAlert.id,
      });
      expect(foreign.statusCode).toBe(400);
      const hidden = await c.call(acmeStaff, 'POST', '/workflows/test', {
        definition: { trigger_id: 'alert_created', task_list: [] },
        alert_id: globexAlert.id,
      });
      expect(hidden.statusCode).toBe(404);
    });
  });
});
