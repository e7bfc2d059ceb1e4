import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentVulnerabilities, cases } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { scheduleTick, seededTemplatesContext } from './helpers.ts';

/**
 * The seeded templates, made into workflows as they are: the log-signal ones run on their
 * trigger's event, open a case with the event's values and mail with the case's id; the weekly
 * vulnerability digest mails each customer what its own agents reported that week.
 */
describe.each(backends())('the seeded templates on %s', (backend) => {
  const c = seededTemplatesContext(backend);
  const caseTitled = async (title: string) => {
    const [found] = await c.db().select().from(cases).where(eq(cases.title, title));
    return found;
  };

  it('reduced log volume opens a case with the counts and mails the provider with its id', async () => {
    await c.runOnEvent('Reduced log volume', 'reduced_log_volume', {
      volume: {
        previous_count: 1200,
        current_count: 300,
        drop_percent: 75,
        window_end: '2026-11-29T10:30:00.000Z',
      },
    });
    const opened = await caseTitled('Log volume of Acme Test fell 75%');
    expect(opened).toMatchObject({ customerId: c.acme() });
    const [mail] = await c.mailsWith('Log volume of Acme Test fell 75%');
    expect(mail!.text).toBe(`Case ${opened!.id}: 300 events in the last 30 minutes against 1200 before.`);
  });

  it('triple lockout opens a case naming the account and host and tells the customer', async () => {
    await c.runOnEvent('Triple lockout', 'triple_lockout', {
      lockout: {
        account: 'ACME\\jdoe',
        count: 3,
        first_at: '2026-11-29T08:00:00.000Z',
        last_at: '2026-11-29T09:00:00.000Z',
        host: 'ACME-DC-01',
      },
    });
    const opened = await caseTitled('ACME\\jdoe locked out 3 times in 24 hours');
    expect(opened!.description).toContain('ACME-DC-01');
    const [mail] = await c.mailsWith('Account ACME\\jdoe locked out three times');
    expect(mail!.recipients).toEqual(['security@customer.example']);
    expect(mail!.text).toContain(`Our case: ${opened!.id}.`);
  });

  it('the weekly vulnerability digest mails on Monday 9:00 UTC the findings of that customer’s week alone, worst first', async () => {
    const monday = new Date('2026-11-30T09:00:00.000Z');
    const daysBefore = (days: number) => new Date(monday.getTime() - days * 86_400_000);
    const web = await c.fleet.enrol(c.acme(), { host_name: 'ACME-DIGEST-WEB' });
    const db = await c.fleet.enrol(c.acme(), { host_name: 'ACME-DIGEST-DB' });
    const other = await c.fleet.enrol(c.globex(), { host_name: 'GLOBEX-DIGEST' });
    const finding = (agent: { agentId: string }, customerId: string, ref: string, more: object) => ({
      agentId: agent.agentId,
      customerId,
      kind: 'patch',
      ref,
      title: `Update ${ref}`,
      reportedAt: daysBefore(2),
      ...more,
    });
    await c
      .db()
      .insert(agentVulnerabilities)
      .values([
        finding(web, c.acme(), 'KB100', { severity: 'medium', cveIds: ['CVE-2026-0100'] }),
        finding(web, c.acme(), 'KB200', { severity: 'critical', cveIds: ['CVE-2026-0200'] }),
        finding(db, c.acme(), 'KB200', { severity: 'critical', cveIds: ['CVE-2026-0200'] }),
        // Reported ten days ago: not this week's.
        finding(db, c.acme(), 'KB050', { severity: 'high', reportedAt: daysBefore(10) }),
        finding(other, c.globex(), 'KB900', { severity: 'critical', cveIds: ['CVE-2026-0900'] }),
      ]);
    const workflow = await c.fromTemplate('Weekly vulnerability digest');

    await scheduleTick(c, monday);
    await c.runWorkflowJobs(() => new Date(monday.getTime() + 1000));
    const run = await c.succeededRun(workflow.workflow_id);
    expect(run.customerId).toBe(c.acme());
    const [mail, ...more] = await c.mailsWith('Weekly vulnerability digest for Acme Test');
    expect(more).toEqual([]);
    expect(mail!.recipients).toEqual(['security@customer.example']);
    expect(mail!.text).toBe(
      [
        // Seven days back from the step, which ran a second after the tick.
        '2 vulnerabilities reported by 2 agents of Acme Test since 2026-11-23T09:00:01.000Z, worst first:',
        '',
        '- critical: KB200 Update KB200 (CVE-2026-0200) on 2 agents',
        '- medium: KB100 Update KB100 (CVE-2026-0100) on 1 agent',
      ].join('\n'),
    );
  });
});
