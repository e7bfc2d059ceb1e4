import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workflows } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

const LOOKUP = {
  id: 'look',
  action_id: 'threat_lookup',
  parameters: { value: '{{trigger.alert.source_ip}}' },
};
const TEST = {
  id: 'test',
  action_id: 'condition',
  parameters: { operator: 'equals', value: 'a', compare_to: 'a' },
};
const CALL = {
  id: 'call',
  action_id: 'http_request',
  parameters: { url: 'https://example.com/', method: 'GET' },
};
const comment = (message: string) => ({ id: 'note', action_id: 'alert_comment', parameters: { message } });

describe.each(backends())('references to earlier steps’ outputs on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const withSteps = (...task_list: Record<string, unknown>[]) => c.isolateWorkflow({ task_list });

  it('declares each action’s outputs in the catalogue', async () => {
    const lookup = await c.ok(f().analyst, 'GET', '/actions/threat_lookup?trigger_id=alert_created');
    expect(lookup.outputs).toContainEqual(expect.objectContaining({ name: 'risk', type: 'integer' }));
    const { actions } = await c.ok(f().analyst, 'GET', '/actions');
    for (const action of actions) expect(action.outputs.length, action.action_id).toBeGreaterThan(0);
  });

  it('publishes references to what a step produces: an output, a list item, any field of an object', async () => {
    const published = await c.published(
      withSteps(
        LOOKUP,
        CALL,
        comment(
          'Risk {{steps.look.risk}}, first category {{steps.look.threat_categories.0}}, ticket {{steps.call.json.ticket.id}}, all {{steps.look}}',
        ),
      ),
    );
    expect(published.state).toBe('published');
  });

  it('refuses a reference to a field the step never produces, naming the field, with plural variants', async () => {
    const cases: [Record<string, unknown>[], string][] = [
      [
        [LOOKUP, comment('{{steps.look.riks}}')],
        '{{steps.look.riks}} reads riks, which a threat_lookup step does not produce: it has 14 outputs (kind, value, risk, det, country, registrant_organization, popularity, threat_categories, malware_group, source, first_seen, last_seen, expires_at, warning_list)',
      ],
      [
        [TEST, comment('Passed? {{ steps.test.pased }}')],
        '{{steps.test.pased}} reads pased, which a condition step does not produce: it has 1 output (passed)',
      ],
      [
        [LOOKUP, comment('{{steps.look.risk.score}}')],
        '{{steps.look.risk.score}} reads 1 level into risk, which is a single integer value with no fields',
      ],
      [
        [LOOKUP, comment('{{steps.look.threat_categories.first.name}}')],
        '{{steps.look.threat_categories.first.name}} reads 2 levels into threat_categories, a list: only an item by its index is there',
      ],
    ];
    for (const [taskList, reason] of cases) {
      const refused = await c.call(f().analyst, 'POST', '/workflows', withSteps(...taskList));
      expect(refused.statusCode, reason).toBe(400);
      expect(refused.json().error.details[0]).toEqual({
        field: 'body.task_list[1].parameters.message',
        reason,
      });
    }
  });

  it('refuses on publish a draft that reads a field its step never produces', async () => {
    const draft = await c.ok(
      f().analyst,
      'POST',
      '/workflows',
      withSteps(TEST, comment('{{steps.test.passed}}')),
    );
    // A draft saved before outputs were declared: its definition is as it was stored then.
    const { db } = c.t().database;
    const [row] = await db.select().from(workflows).where(eq(workflows.id, draft.workflow_id));
    const task_list = row!.definition.task_list.map((task) =>
      task.id === 'note' ? { ...task, parameters: { message: '{{steps.test.outcome}}' } } : task,
    );
    await db
      .update(workflows)
      .set({ definition: { ...row!.definition, task_list, order_list: [] } })
      .where(eq(workflows.id, draft.workflow_id));
    const refused = await c.call(f().analyst, 'POST', `/workflows/${draft.workflow_id}/publish`, {
      version: draft.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toEqual({
      field: 'body.task_list[1].parameters.message',
      reason:
        '{{steps.test.outcome}} reads outcome, which a condition step does not produce: it has 1 output (passed)',
    });
  });
});
