import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAlertRule } from '../../../src/server/areas/logs/index.ts';
import {
  alerts,
  discussions,
  logAlertRules,
  users,
  workflowRuns,
} from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { type User, workflowsContext } from './helpers.ts';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * The saved-search trigger: a saved search's alert rule that counts its threshold of a
 * customer's events raises an alert, and that customer's workflows on the trigger run on it with
 * the search and the rule's count; a customer under the threshold starts nothing. The run acts
 * with its publisher's reach as it is when it runs.
 */
describe.each(backends())('the saved-search trigger on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  let n = 0;

  const runsOf = (workflowId: string) =>
    db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
  const commentsOn = (alertId: number) =>
    db()
      .select()
      .from(discussions)
      .where(and(eq(discussions.entity, 'alert'), eq(discussions.entityId, alertId)));

  /** Events of the customer through a shipper's token, each a message with the word. */
  const ingest = async (customerId: string, word: string, count: number) => {
    const token = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: customerId, name: 'Shipper', source: 'windows' },
    });
    expect(token.statusCode, token.body).toBe(201);
    const events = Array.from({ length: count }, (_, i) => ({
      '@timestamp': minutesAgo(i + 1),
      host: 'DC-01',
      message: `${word} attempt`,
    }));
    const sent = await c.t().app.inject({
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };

  /** A saved search for the word with a rule of three events in five minutes, set by the analyst. */
  const ruleFor = async (word: string) => {
    const saved = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/search/v1/saved/',
      payload: { name: `Search ${word}`, scope: 'private', search: { search_term: word } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const rule = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/search/v1/alerting/',
      payload: {
        saved_search_id: saved.json().id,
        period: 300,
        priority: 'high',
        threshold: 3,
        realert: '5',
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const [row] = await db().select().from(logAlertRules).where(eq(logAlertRules.id, rule.json().id));
    return { savedId: saved.json().id as string, rule: row! };
  };

  /** A provider user who may change workflows: the publisher whose reach the runs use. */
  const publisher = () => {
    n++;
    return c.addUser(`search-publisher-${n}@test.example`, 'Global', [
      'global_user',
      'read_all',
      'modify_all',
    ]);
  };
  const commenting = (customerIds: string[], owner: User) =>
    c.published(
      {
        name: `On saved search ${n}`,
        customer_id: customerIds,
        trigger_id: 'saved_search_alert',
        task_list: [
          {
            id: 'note',
            action_id: 'alert_comment',
            parameters: {
              message:
                '{{trigger.saved_search.name}}: {{trigger.rule.count}} of {{trigger.rule.threshold}} for {{trigger.customer.name}}',
            },
          },
        ],
      },
      owner,
    );

  it('starts a run on the raised alert with the search and its count; a customer under the threshold starts none', async () => {
    const word = `wfsearch${Date.now()}`;
    await ingest(c.acme(), word, 4);
    await ingest(c.globex(), word, 2);
    const owner = await publisher();
    const everyone = await commenting([], owner);
    const globexOnly = await commenting([c.globex()], owner);
    const { savedId, rule } = await ruleFor(word);

    expect(await runAlertRule(db(), rule)).toEqual({ fired: 1, suppressed: 0 });
    await c.runWorkflowJobs();

    const [run, ...more] = await runsOf(everyone.workflow_id);
    expect(more).toHaveLength(0);
    const [raised] = await db().select().from(alerts).where(eq(alerts.id, run!.alertId!));
    expect(raised).toMatchObject({ customerId: c.acme(), externalSource: 'log-alerting' });
    expect(run).toMatchObject({ status: 'succeeded', customerId: c.acme(), triggerId: 'saved_search_alert' });
    expect(run!.triggerData).toMatchObject({
      saved_search: { id: savedId, name: `Search ${word}` },
      rule: { id: rule.id, count: 4, threshold: 3, period_seconds: 300 },
      alert: { id: raised!.id },
      customer: { id: c.acme(), name: 'Acme Test' },
    });
    const detail = await c.ok(f().analyst, 'GET', `/runs/${run!.id}`);
    expect(detail.steps[0].input.message).toBe(`Search ${word}: 4 of 3 for Acme Test`);
    expect((await commentsOn(raised!.id)).map((d) => d.body)).toEqual([
      `Search ${word}: 4 of 3 for Acme Test`,
    ]);
    // Globex counted two of three: no alert, so its workflow never ran.
    expect(await runsOf(globexOnly.workflow_id)).toHaveLength(0);

    // Held back by realert: no alert, no run.
    expect(await runAlertRule(db(), rule)).toEqual({ fired: 0, suppressed: 1 });
    await c.runWorkflowJobs();
    expect(await runsOf(everyone.workflow_id)).toHaveLength(1);
    // Gone before the next test, whose alert it would match too.
    for (const w of [everyone, globexOnly]) await c.ok(f().analyst, 'DELETE', `/workflows/${w.workflow_id}`);
  });

  it('acts with its publisher’s reach when it runs: one who lost the right to change workflows fails the run and comments nothing', async () => {
    const word = `wfreach${Date.now()}`;
    await ingest(c.acme(), word, 3);
    const owner = await publisher();
    const workflow = await commenting([c.acme()], owner);
    const { rule } = await ruleFor(word);
    expect(await runAlertRule(db(), rule)).toEqual({ fired: 1, suppressed: 0 });
    // Published while allowed; the right is gone before the run's step acts.
    await db()
      .update(users)
      .set({ permissions: ['global_user', 'read_all'] })
      .where(eq(users.contactId, owner.contactId));
    await c.runWorkflowJobs();
    const [run] = await runsOf(workflow.workflow_id);
    expect(run).toMatchObject({
      status: 'failed',
      error: 'Step 1 failed: The person who published this workflow may no longer change workflows.',
    });
    expect(await commentsOn(run!.alertId!)).toHaveLength(0);
  });
});
