import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient, scanDomain } from '../../../src/server/areas/domains/index.ts';
import type { ScanDeps } from '../../../src/server/areas/domains/scan.ts';
import { mailOutbox, monitoredDomains, users, workflowRuns } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { type LocalDns, startLocalDns, type Zone } from '../../helpers/local-dns.ts';
import { type User, workflowsContext } from './helpers.ts';

/**
 * The lookalike-domain trigger: a lookalike of a customer's monitored domain that two scans
 * confirm registered starts that customer's workflows on the trigger, with the domain, the
 * lookalike and what changed; a scan that changes nothing, and other customers' workflows, start
 * none. The run acts with its publisher's reach as it is when it runs.
 */
/** Each scan resolves every candidate of the name (short names: a few hundred), slow on a busy machine. */
const SCANS_TIMEOUT = 180_000;

describe.each(backends())('the lookalike-domain trigger on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  let dns: LocalDns;
  let registered = false;

  beforeAll(async () => {
    dns = await startLocalDns(
      new Map<string, Zone>([
        // Unregistered until the test registers it.
        ['q-login.io', () => (registered ? { A: ['127.0.0.1'] } : undefined)],
        ['r-login.io', { A: ['127.0.0.1'] }],
      ]),
    );
  });
  afterAll(() => dns.close());

  const deps = (): ScanDeps => ({
    // A long wait only covers a busy machine; the local server answers at once.
    dns: new DnsClient(dns.address, { timeoutMs: 10_000, tries: 1 }),
    settings: { resolver: dns.address, rdapBaseUrl: undefined, geoipDatabase: undefined, httpPort: 1 },
  });
  const monitor = async (name: string) => {
    const added = await c.t().as(f().acmeUser, {
      method: 'POST',
      url: '/api/tacklebox/v1/domains',
      payload: { customer_id: c.acme(), names: [name] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [row] = await db().select().from(monitoredDomains).where(eq(monitoredDomains.name, name));
    return row!;
  };
  const scan = async (name: string) => {
    const [row] = await db().select().from(monitoredDomains).where(eq(monitoredDomains.name, name));
    return scanDomain(db(), row!, deps());
  };
  const runsOf = (workflowId: string) =>
    db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
  const mailAbout = async (word: string) =>
    (await db().select().from(mailOutbox)).filter((m) => m.subject.includes(word));

  let n = 0;
  const publisher = () => {
    n++;
    return c.addUser(`lookalike-publisher-${n}@test.example`, 'Global', [
      'global_user',
      'read_all',
      'modify_all',
    ]);
  };
  const mailing = (customerIds: string[], owner: User, tag: string) =>
    c.published(
      {
        name: `Lookalike ${tag}`,
        customer_id: customerIds,
        trigger_id: 'lookalike_domain_changed',
        task_list: [
          {
            id: 'mail',
            action_id: 'send_email',
            parameters: {
              emails: ['soc@test.example'],
              subject: `${tag} {{trigger.lookalike.name}} of {{trigger.lookalike.domain}}`,
              message:
                '{{trigger.lookalike.change}} ({{trigger.lookalike.classification}}) for {{trigger.customer.name}}',
            },
          },
        ],
      },
      owner,
    );

  it(
    'starts a run with the lookalike once two scans confirm its change; an unchanged scan and other customers start none',
    async () => {
      const owner = await publisher();
      const acmeWorkflow = await mailing([c.acme()], owner, 'wf-acme');
      const globexWorkflow = await mailing([c.globex()], owner, 'wf-globex');
      await monitor('q.io');

      const ofLogin = async () =>
        (await runsOf(acmeWorkflow.workflow_id)).filter(
          (run) => (run.triggerData as { lookalike: { name: string } }).lookalike.name === 'q-login.io',
        );
      // Unregistered; then registered, seen once: pending, nothing has changed yet.
      await scan('q.io');
      registered = true;
      await scan('q.io');
      await c.runWorkflowJobs();
      expect(await ofLogin()).toHaveLength(0);
      // Seen registered a second time: the change is confirmed and the workflow runs.
      await scan('q.io');
      await c.runWorkflowJobs();
      const runs = await ofLogin();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        status: 'succeeded',
        customerId: c.acme(),
        triggerId: 'lookalike_domain_changed',
      });
      const lookalike = (runs[0]!.triggerData as { lookalike: Record<string, unknown> }).lookalike;
      expect(lookalike).toMatchObject({ domain: 'q.io', name: 'q-login.io' });
      expect(String(lookalike.change)).toMatch(/registered/i);
      const detail = await c.ok(f().analyst, 'GET', `/runs/${runs[0]!.id}`);
      expect(detail.steps[0].input.subject).toBe('wf-acme q-login.io of q.io');
      expect(detail.steps[0].input.message).toBe(
        `${lookalike.change} (${lookalike.classification}) for Acme Test`,
      );
      expect(await mailAbout('wf-acme q-login.io')).toHaveLength(1);
      expect(await runsOf(globexWorkflow.workflow_id)).toHaveLength(0);

      // Nothing changed since: no second run.
      await scan('q.io');
      await c.runWorkflowJobs();
      expect(await ofLogin()).toHaveLength(1);
      for (const w of [acmeWorkflow, globexWorkflow])
        await c.ok(f().analyst, 'DELETE', `/workflows/${w.workflow_id}`);
    },
    SCANS_TIMEOUT,
  );

  it(
    'acts with its publisher’s reach when it runs: one who lost the right to change workflows fails the run and sends nothing',
    async () => {
      const owner = await publisher();
      const workflow = await mailing([c.acme()], owner, 'wf-reach');
      await monitor('r.io');
      // A lookalike of r.io the local server answers for from the start: confirmed by the second scan.
      await scan('r.io');
      await scan('r.io');
      // Published and triggered while allowed; the right is gone before the run's step acts.
      await db()
        .update(users)
        .set({ permissions: ['global_user', 'read_all'] })
        .where(eq(users.contactId, owner.contactId));
      await c.runWorkflowJobs();
      const runs = await runsOf(workflow.workflow_id);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs)
        expect(run).toMatchObject({
          status: 'failed',
          error: 'Step 1 failed: The person who published this workflow may no longer change workflows.',
        });
      expect(await mailAbout('wf-reach')).toHaveLength(0);
    },
    SCANS_TIMEOUT,
  );
});
