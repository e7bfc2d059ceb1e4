import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentActions, discussions, jobs } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { type User, workflowsContext } from './helpers.ts';

describe.each(backends())('the /soar/v1 workflow calls on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  let acmeStaff: User;
  beforeAll(async () => {
    // global_user limited to one customer.
    acmeStaff = await c.addUser(
      'acme-staff@test.example',
      'Customer',
      ['global_user', 'read_all', 'modify_all'],
      [c.acme()],
    );
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
