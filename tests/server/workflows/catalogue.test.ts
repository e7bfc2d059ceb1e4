import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(backends())('the /soar/v1 workflow calls on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;

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
      // A read whose output later steps use declares what it gives them.
      const findings = await c.ok(f().analyst, 'GET', '/actions/vulnerabilities_found?trigger_id=scheduled');
      expect(findings).toMatchObject({ side_effect: false, parameters: [{ name: 'days', type: 'integer' }] });
      expect(findings.outputs.map((o: { name: string }) => o.name)).toEqual(
        expect.arrayContaining(['count', 'agent_count', 'lines', 'findings']),
      );
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

    it("offers, for a saved search's task, exactly the outputs such a step produces, and saves them", async () => {
      const created = await c.t().as(f().analyst, {
        method: 'POST',
        url: '/api/search/v1/saved/',
        payload: { name: 'Failed sign-ins', scope: 'private', search: { search_term: 'failure' } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json();
      const offered = await c.ok(f().analyst, 'GET', `/custom_search/${saved.id}/runtime_params`);
      const paths = offered.runtime_params.map((p: { path: string }) => p.path);
      expect(paths).toEqual(['count', 'threshold', 'passed']);
      const workflow = c.isolateWorkflow();
      const draft = await c.ok(f().analyst, 'POST', '/workflows', {
        ...workflow,
        task_list: [
          {
            id: 'hits',
            action_id: 'saved_search_count',
            parameters: { saved_search_id: saved.id, minutes: 60, threshold: 1 },
          },
          {
            id: 'note',
            action_id: 'alert_comment',
            parameters: { message: paths.map((path: string) => `{{steps.hits.${path}}}`).join(' ') },
          },
        ],
      });
      expect(draft.workflow_id).toBeTruthy();
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
});
