import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agents,
  agentVulnerabilities,
  alerts,
  reportRuns,
  reportSchedules,
} from '../../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { folderTransport } from '../../../src/server/mail/transport.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type FakeGraph, startFakeGraph } from '../../helpers/fake-graph.ts';
import { create, mapCustomer, validate } from '../integrations/helpers.ts';
import { reportsApi } from './helpers.ts';

const HOME = '0a0a0a0a-0000-4000-8000-000000000000';
const ACME_TENANT = 'acacacac-1111-4111-8111-111111111111';
const GLOBEX_TENANT = '6b6b6b6b-2222-4222-8222-222222222222';
const SERVERS = '5e5e5e5e-0000-4000-8000-000000000001';
const NESTED = '5e5e5e5e-0000-4000-8000-000000000002';
const LAPTOPS = '5e5e5e5e-0000-4000-8000-000000000003';
const GLOBEX_SERVERS = '6e6e6e6e-0000-4000-8000-000000000001';
const silent = { info() {}, warn() {}, error() {} };

const DOCUMENT = {
  components: [
    { type: 'section', section: 'kpis' },
    { type: 'section', section: 'top_alert_types' },
    { type: 'section', section: 'agent_health' },
    { type: 'section', section: 'vulnerabilities' },
    { type: 'section', section: 'log_volume' },
  ],
};

function textOf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'report-groups-'));
  try {
    writeFileSync(join(folder, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

type Section = { section: string; narrowed: boolean | null; data: Record<string, unknown>; printed: unknown };

/** Reports narrowed to Azure groups: their devices from Graph, matched to agents and alerts by host name. */
describe.each(backends())('reports narrowed to Azure groups on %s', (backend) => {
  let t: TestApp;
  let graph: FakeGraph;
  let reportId: string;
  const outbox = mkdtempSync(join(tmpdir(), 'report-groups-outbox-'));
  const lane = (now: () => Date) =>
    runDueJobs(t.database.db, {
      workerId: 'test-reports',
      pollMs: 0,
      handlers: laneHandlers('reports'),
      schedules: [],
      log: silent,
      mail: folderTransport(outbox, 'Watchfloor <no-reply@localhost>'),
      now,
    });
  const groups = (...ids: string[]) => ids.map((id) => `&selected_groups=${id}`).join('');
  const data = (user: { contactId: string }, customerId: string, selected: string) =>
    t.as(user, {
      url: `/api/ngreports/v0/reports/${reportId}/data?customer_id=${customerId}${selected}`,
    });
  const sections = async (user: { contactId: string }, customerId: string, selected: string) => {
    const response = await data(user, customerId, selected);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const of = (kind: string) => body.sections.find((s: Section) => s.section === kind) as Section;
    return { body, of };
  };
  const send = (user: { contactId: string }, customerIds: string[], selected: string) =>
    t.as(user, {
      url: `/api/ngreports/v0/reports/send?report_type=${reportId}&recipients=soc@acme.example${customerIds
        .map((id) => `&customer_ids=${id}`)
        .join('')}${selected}`,
    });

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await createTestApp(backend, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    const { analyst, acme, globex } = t.fixtures;
    const made = await create(t, analyst, {
      kind: 'microsoft_defender_xdr',
      name: 'Defender XDR',
      settings: { tenant_id: HOME, client_id: graph.clientId, login_url: graph.url, graph_url: graph.url },
      secrets: { client_secret: graph.clientSecret },
    });
    expect(made.statusCode, made.body).toBe(201);
    const integrationId = made.json().id as string;
    expect((await validate(t, analyst, integrationId)).json()).toMatchObject({ valid: true });
    expect((await mapCustomer(t, analyst, integrationId, acme.customerId, ACME_TENANT)).statusCode).toBe(201);
    expect((await mapCustomer(t, analyst, integrationId, globex.customerId, GLOBEX_TENANT)).statusCode).toBe(
      201,
    );
    const group = (id: string, displayName: string) => ({
      id,
      displayName,
      securityEnabled: true,
      mailEnabled: false,
      groupTypes: [],
    });
    graph.groups.set(ACME_TENANT, [
      group(SERVERS, 'Servers'),
      group(NESTED, 'Database servers'),
      group(LAPTOPS, 'Laptops'),
    ]);
    graph.groups.set(GLOBEX_TENANT, [group(GLOBEX_SERVERS, 'Globex servers')]);
    const device = (name: string) => ({
      type: 'device' as const,
      id: `object-${name}`,
      deviceId: `device-${name}`,
      displayName: name,
    });
    // Servers: two devices of its own, a person, and a nested group with a third (three pages of two).
    graph.members.set(SERVERS, [
      device('SRV-01'),
      { type: 'user', id: 'user-1', displayName: 'Ada' },
      device('SRV-03'),
      { type: 'group', id: NESTED },
    ]);
    graph.members.set(NESTED, [device('SRV-02')]);
    graph.members.set(LAPTOPS, [device('LAP-01')]);
    graph.members.set(GLOBEX_SERVERS, [device('GLX-01')]);

    const agent = async (customerId: string, hostName: string) => {
      const [row] = await t.database.db
        .insert(agents)
        .values({ customerId, hostName, platform: 'windows-11', architecture: 'x64', version: '4.12.3' })
        .returning();
      return row!.agentId;
    };
    const srv01 = await agent(acme.customerId, 'srv-01.acme.local');
    await agent(acme.customerId, 'SRV-02');
    const lap01 = await agent(acme.customerId, 'lap-01');
    await agent(acme.customerId, 'reception-pc');
    await agent(globex.customerId, 'glx-01');
    const finding = (agentId: string, ref: string) => ({
      agentId,
      customerId: acme.customerId,
      kind: 'patch',
      ref,
      title: ref,
      severity: 'high',
      reportedAt: new Date('2026-10-10T00:00:00Z'),
    });
    await t.database.db.insert(agentVulnerabilities).values([finding(srv01, 'KB1'), finding(lap01, 'KB2')]);
    const alert = (
      customerId: string,
      hostName: string | null,
      priority: string,
      type: string,
      status = 'new',
    ) => ({
      customerId,
      title: type,
      type,
      priority,
      status,
      hostName,
      createdAt: new Date('2026-10-12T12:00:00Z'),
      updatedAt: new Date('2026-10-12T12:00:00Z'),
    });
    await t.database.db.insert(alerts).values([
      alert(acme.customerId, 'srv-01.acme.local', 'high', 'execution'),
      alert(acme.customerId, 'SRV-02', 'critical', 'execution', 'closed'),
      // As Defender's pulled alerts name the device: its DNS name.
      alert(acme.customerId, 'SRV-03.acme.local', 'medium', 'malware'),
      alert(acme.customerId, 'lap-01', 'low', 'phishing'),
      alert(acme.customerId, null, 'medium', 'phishing'),
      alert(globex.customerId, 'glx-01', 'critical', 'ransomware'),
    ]);
    const report = await reportsApi(t).create(analyst, {
      name: 'Server estate',
      scope: 'global',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      document: DOCUMENT,
    });
    expect(report.statusCode, report.body).toBe(201);
    reportId = report.json().id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it("narrows the device and alert sections to the groups' devices, nested groups and every page included", async () => {
    const { analyst, acme } = t.fixtures;
    const whole = await sections(analyst, acme.customerId, '');
    expect(whole.body.azure_groups).toEqual([]);
    expect(whole.of('kpis').data.alerts).toBe(5);
    expect(whole.of('kpis').narrowed).toBeNull();
    graph.requests.length = 0;
    const narrowed = await sections(analyst, acme.customerId, groups(SERVERS));
    expect(narrowed.body.azure_groups).toEqual([{ id: SERVERS, name: 'Servers', devices: 3 }]);
    expect(graph.requests).toContainEqual(
      expect.stringMatching(
        /transitiveMembers\/microsoft\.graph\.device\?%24select=id%2CdeviceId%2CdisplayName/,
      ),
    );
    expect(narrowed.of('kpis').data).toMatchObject({
      alerts: 3,
      by_priority: { critical: 1, high: 1, medium: 1, low: 0 },
      by_status: { new: 2, closed: 1 },
    });
    expect(narrowed.of('top_alert_types').data.types).toEqual([
      { type: 'execution', total: 2, open: 1 },
      { type: 'malware', total: 1, open: 1 },
    ]);
    expect(narrowed.of('agent_health').data.total).toBe(2);
    expect(narrowed.of('vulnerabilities').data).toMatchObject({ findings: 1, vulnerable_agents: 1 });
    for (const kind of ['kpis', 'top_alert_types', 'agent_health', 'vulnerabilities'])
      expect(narrowed.of(kind).narrowed, kind).toBe(true);
    // Log volume knows no device: it says so rather than pass the whole customer off as the groups'.
    expect(narrowed.of('log_volume').narrowed).toBe(false);
    expect((narrowed.of('log_volume').printed as { blocks: unknown[] }).blocks[0]).toEqual({
      kind: 'note',
      text: 'Not narrowed to the Azure groups: these figures are about no device and cover the whole customer.',
    });
    const two = await sections(analyst, acme.customerId, groups(SERVERS, LAPTOPS));
    expect(two.of('kpis').data.alerts).toBe(4);
    expect(two.of('agent_health').data.total).toBe(3);

    const preview = await t.as(analyst, {
      url: `/api/ngreports/v0/reports/${reportId}/preview?customer_id=${acme.customerId}${groups(SERVERS)}`,
    });
    expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
    const text = textOf(preview.rawPayload);
    expect(text).toContain('Azure groups: Servers (3 devices)');
    expect(text).toContain('Not narrowed to the Azure groups');
  });

  it("never gives a customer user another customer's groups or figures", async () => {
    const { acmeUser, globexUser, acme, globex } = t.fixtures;
    const listed = await t.as(acmeUser, { url: '/api/ngreports/v0/azure-groups/' });
    expect(
      listed
        .json()
        .groups.map((g: { id: string }) => g.id)
        .sort(),
    ).toEqual([SERVERS, NESTED, LAPTOPS].sort());
    // Globex's group for Acme: not one of Acme's tenants' groups.
    const foreign = await data(acmeUser, acme.customerId, groups(GLOBEX_SERVERS));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([
      { field: 'selected_groups[0]', reason: `is not an Azure group of customer ${acme.customerId}` },
    ]);
    expect((await data(globexUser, globex.customerId, groups(SERVERS))).statusCode).toBe(400);
    // Acme's figures through Acme's groups, asked by Globex's user: the customer is out of reach.
    expect((await data(globexUser, acme.customerId, groups(SERVERS))).statusCode).toBe(404);
    const own = await sections(globexUser, globex.customerId, groups(GLOBEX_SERVERS));
    expect(own.of('kpis').data).toMatchObject({ alerts: 1, by_priority: { critical: 1 } });
    expect(own.of('agent_health').data.total).toBe(1);
    // Send now to both customers with Acme's group only: Globex's PDF would not be narrowed.
    const runsBefore = (await t.database.db.select().from(reportRuns)).length;
    const mixed = await send(t.fixtures.analyst, [acme.customerId, globex.customerId], groups(SERVERS));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.details).toEqual([
      { field: 'selected_groups', reason: `none is an Azure group of customer ${globex.customerId}` },
    ]);
    const unknown = await send(acmeUser, [acme.customerId], groups(SERVERS, GLOBEX_SERVERS));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('selected_groups[1]');
    expect((await t.database.db.select().from(reportRuns)).length).toBe(runsBefore);
  });

  it('answers 502 with the reason when Graph refuses, and queues nothing', async () => {
    const { analyst, acme } = t.fixtures;
    const denied = {
      status: 403,
      body: { error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges' } },
    };
    graph.fail('/v1.0/groups/', denied);
    const read = await data(analyst, acme.customerId, groups(SERVERS));
    expect(read.statusCode).toBe(502);
    expect(read.json().error.message).toMatch(/Authorization_RequestDenied: Insufficient privileges/);
    graph.fail('/v1.0/groups/', denied);
    const preview = await t.as(analyst, {
      url: `/api/ngreports/v0/reports/${reportId}/preview?customer_id=${acme.customerId}${groups(SERVERS)}`,
    });
    expect(preview.statusCode).toBe(502);
    graph.fail('/v1.0/groups/', denied);
    const sent = await send(analyst, [acme.customerId], groups(SERVERS));
    expect(sent.statusCode).toBe(502);
    graph.fail('/v1.0/groups/', denied);
    const scheduled = await t.as(analyst, {
      method: 'POST',
      url: `/api/ngreports/v0/schedule/?customer_id=${acme.customerId}&report_type=${reportId}&frequency=monthly&recipients=soc@acme.example${groups(SERVERS)}`,
    });
    expect(scheduled.statusCode).toBe(502);
    expect(await t.database.db.select().from(reportRuns)).toEqual([]);
    expect(await t.database.db.select().from(reportSchedules)).toEqual([]);
  });

  it('sends now and runs schedules narrowed, a Graph failure failing the attempt that is then retried', async () => {
    const { analyst, acme } = t.fixtures;
    const allowed = process.env.OUTBOUND_ALLOW_HOSTS;
    // The render job reads Graph with the process's outbound settings.
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    try {
      const sent = await send(analyst, [acme.customerId], groups(SERVERS));
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json().runs[0].selected_groups).toEqual([SERVERS]);
      await lane(() => new Date());
      const [run] = await t.database.db.select().from(reportRuns);
      expect(run).toMatchObject({ status: 'sent', attempts: 1 });
      expect(textOf(run!.pdf!)).toContain('Azure groups: Servers (3 devices)');

      const made = await t.as(analyst, {
        method: 'POST',
        url: `/api/ngreports/v0/schedule/?customer_id=${acme.customerId}&report_type=${reportId}&frequency=monthly&recipients=soc@acme.example${groups(LAPTOPS)}`,
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().selected_groups).toEqual([LAPTOPS]);
      const [schedule] = await t.database.db.select().from(reportSchedules);
      const at = new Date(schedule!.nextRunAt.getTime() + 60_000);
      // The schedules' recurring job comes round at that time; Graph fails the render's first attempt.
      await enqueueJob(t.database.db, 'run-report-schedules', {}, { runAt: at });
      graph.fail('/v1.0/groups/', {
        status: 500,
        body: { error: { code: 'InternalServerError', message: 'down' } },
      });
      expect(await lane(() => at)).toBe(2);
      const scheduledRun = async () =>
        (await t.database.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, schedule!.id)))[0]!;
      expect(await scheduledRun()).toMatchObject({
        status: 'queued',
        attempts: 1,
        selectedGroups: [LAPTOPS],
      });
      expect((await scheduledRun()).lastError).toMatch(/Microsoft Graph could not give.*answered 500/);
      const log = await t.as(analyst, { url: '/api/ngreports/v0/runs/' });
      expect(log.json().runs[0]).toMatchObject({
        status: 'queued',
        last_error: expect.stringMatching(/500/),
      });
      // The retry, after its backoff, reads Graph again and sends.
      await lane(() => new Date(at.getTime() + 10 * 60_000));
      const retried = await scheduledRun();
      expect(retried).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(textOf(retried.pdf!)).toContain('Azure groups: Laptops (1 device)');
    } finally {
      if (allowed === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
      else process.env.OUTBOUND_ALLOW_HOSTS = allowed;
    }
  });
});
