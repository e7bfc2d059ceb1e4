import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentIssues, cves } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { type EnrolledAgent, fleetContext, MISSING } from './helpers.ts';

const inventory = [
  {
    name: 'Mozilla Firefox',
    version: '128.0',
    publisher: 'Mozilla',
    install_date: '20240611',
    last_seen: '2026-11-20T08:00:00Z',
  },
  { name: '7-Zip', version: '23.01', publisher: 'Igor Pavlov', install_date: '20230301', last_seen: null },
];
const findings = {
  patches: [
    {
      id: 'KB5034441',
      title: 'Windows Recovery Environment update',
      severity: 'high',
      cve_ids: ['CVE-2024-20666'],
    },
  ],
  applications: [
    {
      id: '7-Zip',
      title: '7-Zip before 24.07',
      version: '23.01',
      severity: 'high',
      cve_ids: ['CVE-2024-11477'],
    },
  ],
  os_vulnerabilities: [
    { id: 'WIN-SMB-2024', title: 'SMB client elevation', cve_ids: ['CVE-2024-43642', 'CVE-2024-20666'] },
  ],
};

describe.each(backends())('agent reports, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const globex = () => c.t.fixtures.globex.customerId;
  const put = (agent: EnrolledAgent | string, url: string, payload: unknown) =>
    c.agentCall(typeof agent === 'string' ? agent : agent.credential, {
      method: 'PUT',
      url,
      payload: payload as object,
    });
  const read = (agentId: string, what: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/agents/v1/agents/${agentId}/${what}` });

  it('takes an inventory and answers it by name; null before the first report', async () => {
    const agent = await c.enrol(acme());
    const before = await read(agent.agentId, 'inventory');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();
    const taken = await put(agent, '/api/agent/v1/inventory', { items: inventory });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().count).toBe(2);
    expect((await read(agent.agentId, 'inventory')).json()).toEqual([
      {
        name: '7-Zip',
        version: '23.01',
        publisher: 'Igor Pavlov',
        install_date: '20230301',
        last_seen: null,
      },
      { ...inventory[0], last_seen: '2026-11-20T08:00:00.000Z' },
    ]);
    // A new report replaces the old one.
    await put(agent, '/api/agent/v1/inventory', { items: [inventory[1]] });
    expect((await read(agent.agentId, 'inventory')).json()).toHaveLength(1);
  });

  it('refuses an install date that is not YYYYMMDD, changing nothing', async () => {
    const agent = await c.enrol(acme());
    await put(agent, '/api/agent/v1/inventory', { items: inventory });
    const bad = await put(agent, '/api/agent/v1/inventory', {
      items: [{ name: 'x', install_date: '2024-06-11' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await read(agent.agentId, 'inventory')).json()).toHaveLength(2);
  });

  it('refuses reported times the calendar cannot hold, naming the field, changing nothing', async () => {
    const agent = await c.enrol(acme());
    await put(agent, '/api/agent/v1/inventory', { items: inventory });
    // An offset carries the last day of year 9999 into year 10000.
    const past9999 = '9999-12-31T23:00:00-05:00';
    const cases: [string, object, string][] = [
      ['/api/agent/v1/inventory', { items: [{ name: 'x', last_seen: past9999 }] }, 'body.items[0].last_seen'],
      [
        '/api/agent/v1/issues',
        { issues: [{ code: 'disk_low', severity: 'warning', message: 'x', since: past9999 }] },
        'body.issues[0].since',
      ],
      [
        '/api/agent/v1/login-locations',
        { logins: [{ user_name: 'ACME\\lee', ip: '81.2.69.160', logged_in_at: past9999 }] },
        'body.logins[0].logged_in_at',
      ],
    ];
    for (const [url, payload, field] of cases) {
      const refused = await put(agent, url, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain(field);
    }
    expect((await read(agent.agentId, 'inventory')).json()).toHaveLength(2);
  });

  it('keeps issues worst first, one per code, and an empty report clears them', async () => {
    const agent = await c.enrol(acme());
    const issues = [
      { code: 'disk_low', severity: 'warning', message: 'C: has 2 GB free' },
      {
        code: 'sysmon_stopped',
        severity: 'error',
        message: 'Sysmon service is stopped',
        since: '2026-11-24T10:00:00Z',
      },
    ];
    expect((await put(agent, '/api/agent/v1/issues', { issues })).statusCode).toBe(200);
    const answer = (await read(agent.agentId, 'issues')).json();
    expect(answer.issues.map((i: { code: string }) => i.code)).toEqual(['sysmon_stopped', 'disk_low']);
    expect(answer.reported_at).not.toBeNull();
    const twice = await put(agent, '/api/agent/v1/issues', { issues: [issues[0], issues[0]] });
    c.expectError(twice, 400, 'bad_request');
    await put(agent, '/api/agent/v1/issues', { issues: [] });
    expect((await read(agent.agentId, 'issues')).json()).toEqual({ issues: [], reported_at: null });
  });

  it('answers login locations newest first', async () => {
    const agent = await c.enrol(acme());
    const logins = [
      {
        user_name: 'ACME\\alice',
        ip: '81.2.69.160',
        country: 'GB',
        city: 'London',
        latitude: 51.5,
        longitude: -0.12,
        logged_in_at: '2026-11-20T08:00:00Z',
      },
      {
        user_name: 'ACME\\bob',
        ip: '62.78.1.1',
        country: 'FI',
        city: 'Helsinki',
        latitude: 60.17,
        longitude: 24.94,
        logged_in_at: '2026-11-24T08:00:00Z',
      },
    ];
    expect((await put(agent, '/api/agent/v1/login-locations', { logins })).statusCode).toBe(200);
    const answer = (await read(agent.agentId, 'login-locations')).json();
    expect(answer.logins.map((l: { city: string }) => l.city)).toEqual(['Helsinki', 'London']);
  });

  it('takes vulnerabilities by kind, counts them, and records the CVEs they name', async () => {
    const agent = await c.enrol(acme());
    const taken = await put(agent, '/api/agent/v1/vulnerabilities', findings);
    expect(taken.statusCode, taken.body).toBe(200);
    const answer = (await read(agent.agentId, 'vulnerabilities')).json();
    expect(answer.vulnerable_count).toBe(3);
    expect(answer.patches[0]).toMatchObject({ id: 'KB5034441', cve_ids: ['CVE-2024-20666'] });
    expect(answer.os_vulnerabilities[0].cve_ids).toEqual(['CVE-2024-43642', 'CVE-2024-20666']);
    const known = await c.t.database.db.select({ id: cves.cveId }).from(cves);
    expect(known.map((k) => k.id).sort()).toEqual(['CVE-2024-11477', 'CVE-2024-20666', 'CVE-2024-43642']);
    const badCve = await put(agent, '/api/agent/v1/vulnerabilities', {
      ...findings,
      patches: [{ id: 'KB1', title: 'x', cve_ids: ['2024-1'] }],
    });
    expect(badCve.statusCode).toBe(400);
    expect((await read(agent.agentId, 'vulnerabilities')).json().vulnerable_count).toBe(3);
  });

  it('one agent’s credential reports only for its own agent', async () => {
    const mine = await c.enrol(acme());
    const neighbour = await c.enrol(acme(), { host_name: 'ACME-WS-09' });
    await put(neighbour, '/api/agent/v1/issues', {
      issues: [{ code: 'a', severity: 'info', message: 'kept' }],
    });
    // The body cannot name another agent; the credential decides whose report it is.
    const smuggled = await put(mine, '/api/agent/v1/issues', {
      agent_id: neighbour.agentId,
      issues: [{ code: 'b', severity: 'info', message: 'x' }],
    });
    expect(smuggled.statusCode).toBe(400);
    await put(mine, '/api/agent/v1/issues', { issues: [{ code: 'b', severity: 'info', message: 'mine' }] });
    const rows = await c.t.database.db
      .select({ code: agentIssues.code })
      .from(agentIssues)
      .where(eq(agentIssues.agentId, neighbour.agentId));
    expect(rows).toEqual([{ code: 'a' }]);
    const forged = `${neighbour.agentId}.${mine.credential.split('.')[1]}`;
    c.expectError(await put(forged, '/api/agent/v1/issues', { issues: [] }), 401, 'unauthorized');
    c.expectError(await put('nonsense', '/api/agent/v1/inventory', { items: [] }), 401, 'unauthorized');
  });

  it('shows reports only to users of the agent’s customer', async () => {
    const foreign = await c.enrol(globex(), { host_name: 'GLOBEX-01' });
    await put(foreign, '/api/agent/v1/inventory', { items: inventory });
    for (const what of ['inventory', 'issues', 'login-locations', 'vulnerabilities', 'diagnostics']) {
      c.expectError(await read(foreign.agentId, what, c.t.fixtures.acmeUser), 404, 'not_found');
      c.expectError(await read(MISSING, what), 404, 'not_found');
      expect((await read(foreign.agentId, what)).statusCode).toBe(200);
    }
  });
});
