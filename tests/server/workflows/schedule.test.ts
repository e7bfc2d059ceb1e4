import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../../../src/server/areas/workflows/engine/schedule.ts';
import { mailOutbox, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { scheduleTick, workflowsContext } from './helpers.ts';

describe.each(backends())('scheduled workflows on %s', (backend) => {
  const c = workflowsContext(backend);
  const tick = (at: Date) => scheduleTick(c, at);

  it('starts one run per customer at its time on its days (UTC), once per minute, and mails through the outbox', async () => {
    // Monday 30 November 2026, 09:00 UTC: day 0.
    const monday = new Date('2026-11-30T09:00:00.000Z');
    expect(weekdayOf(monday)).toBe(0);
    const digest = await c.published({
      name: 'Weekly digest',
      customer_id: [c.acme(), c.globex()],
      trigger_id: 'scheduled',
      scheduled_time: '09:00',
      scheduled_days: [0],
      task_list: [
        {
          id: 'mail',
          action_id: 'send_email',
          parameters: {
            emails: ['soc@test.example'],
            subject: 'Digest for {{trigger.customer.name}}',
            message: 'Sent {{trigger.scheduled_at}}',
          },
        },
      ],
    });
    const runsOf = () =>
      c.t().database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, digest.workflow_id));

    await tick(new Date('2026-11-30T08:59:00.000Z')); // not its time
    await tick(new Date('2026-12-01T09:00:00.000Z')); // Tuesday: not its day
    expect(await runsOf()).toHaveLength(0);
    await tick(monday);
    await tick(monday); // the same minute again starts nothing more
    expect((await runsOf()).map((run) => run.customerId).sort()).toEqual([c.acme(), c.globex()].sort());

    // The runs' steps are due from that minute (the test's clock, not the machine's).
    await c.runWorkflowJobs(() => new Date(monday.getTime() + 1000));
    expect((await runsOf()).map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
    const subjects = await c
      .t()
      .database.db.select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Digest for %'`);
    expect(subjects.map((m) => m.subject).sort()).toEqual(['Digest for Acme Test', 'Digest for Globex Test']);
    expect(subjects[0]!.text).toBe('Sent 2026-11-30T09:00Z');
  });
});
