import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { detectLogSignals } from '../../../src/server/areas/workflows/engine/log-signals.ts';
import { workflowRuns } from '../../../src/server/db/schema/index.ts';
import type { JobRow } from '../../../src/server/jobs/types.ts';
import { backends } from '../../helpers/database.ts';
import { quiet, workflowsContext } from './helpers.ts';

describe.each(backends())('workflow triggers on the logs on %s', (backend) => {
  const c = workflowsContext(backend);
  const db = () => c.t().database.db;
  const runsOf = (workflowId: string) =>
    db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
  const detect = (at: Date) =>
    detectLogSignals({
      db: db(),
      job: { id: 0, kind: 'workflow-log-signals', payload: {} } as unknown as JobRow,
      workerId: 'test',
      log: quiet,
      mail: undefined as never,
      now: () => at,
      progress: async () => {},
    });
  const mailing = (subject: string) => [
    {
      id: 'mail',
      action_id: 'send_email',
      parameters: { emails: ['soc@test.example'], subject, message: 'For {{trigger.customer.name}}' },
    },
  ];

  it('fires reduced log volume on a drop of half or more over 30 minutes, and triple lockout on the third lockout in 24 hours, once each', async () => {
    const token = await c.t().as(c.t().fixtures.analyst, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: c.globex(), name: 'Shipper', source: 'windows' },
    });
    expect(token.statusCode, token.body).toBe(201);
    const volume = await c.published({
      name: 'Quiet logs',
      customer_id: [c.globex()],
      trigger_id: 'reduced_log_volume',
      task_list: mailing('{{trigger.volume.drop_percent}}% fewer events'),
    });
    const lockout = await c.published({
      name: 'Locked out thrice',
      customer_id: [c.globex()],
      trigger_id: 'triple_lockout',
      task_list: mailing('{{trigger.lockout.account}} locked out {{trigger.lockout.count}} times'),
    });
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    const events = [
      ...Array.from({ length: 20 }, (_, i) => ({ '@timestamp': ago(50), message: `busy ${i}` })),
      { '@timestamp': ago(10), message: 'quiet' },
      ...[200, 120, 5].map((m) => ({
        '@timestamp': ago(m),
        EventID: 4740,
        TargetUserName: 'Bob',
        host: 'DC1',
      })),
    ];
    const sent = await c.t().app.inject({
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await detect(now);
    await detect(new Date(now.getTime() + 1000)); // the next tick of the same window: nothing new
    await c.runWorkflowJobs();

    const [drop, ...moreDrops] = await runsOf(volume.workflow_id);
    expect(moreDrops).toHaveLength(0);
    expect(drop).toMatchObject({ status: 'succeeded', customerId: c.globex() });
    // 20 events 30 to 60 minutes ago, 2 since (the quiet one and the third lockout): 90% fewer.
    expect((drop!.triggerData as { volume: unknown }).volume).toMatchObject({
      previous_count: 20,
      current_count: 2,
      drop_percent: 90,
    });
    const [third, ...moreLockouts] = await runsOf(lockout.workflow_id);
    expect(moreLockouts).toHaveLength(0);
    expect((third!.triggerData as { lockout: unknown }).lockout).toMatchObject({
      account: 'bob',
      host: 'DC1',
    });
  });
});
