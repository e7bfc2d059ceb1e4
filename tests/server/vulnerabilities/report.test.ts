import { describe, expect, it } from 'vitest';
import { importNvdFile } from '../../../src/server/areas/threat/index.ts';
import { backends } from '../../helpers/database.ts';
import { type EnrolledAgent, fleetContext } from '../agents/helpers.ts';

const finding = (id: string, cve_ids: string[] = []) => ({
  id,
  title: `Finding ${id}`,
  severity: 'high',
  cve_ids,
});

/** Two CVEs as an NVD JSON 2.0 feed carries them. */
const nvdFeed = {
  format: 'NVD_CVE',
  version: '2.0',
  vulnerabilities: [
    {
      cve: {
        id: 'CVE-2024-20666',
        published: '2024-01-09T18:15:46.103',
        lastModified: '2024-05-28T21:15:00.000',
        descriptions: [
          { lang: 'en', value: 'BitLocker Security Feature Bypass Vulnerability' },
          { lang: 'es', value: 'Vulnerabilidad de omisión de la característica de seguridad de BitLocker' },
        ],
        metrics: {
          cvssMetricV31: [
            {
              type: 'Primary',
              cvssData: {
                version: '3.1',
                vectorString: 'CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
                baseScore: 6.6,
                baseSeverity: 'MEDIUM',
              },
            },
          ],
        },
      },
    },
    { cve: { id: 'not-a-cve' } },
  ],
};

describe.each(backends())('the vulnerabilities report, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const globex = () => c.t.fixtures.globex.customerId;
  const reportVulns = async (agent: EnrolledAgent, body: Record<string, unknown>) => {
    const response = await c.agentCall(agent.credential, {
      method: 'PUT',
      url: '/api/agent/v1/vulnerabilities',
      payload: { patches: [], applications: [], os_vulnerabilities: [], ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const report = async (user = c.t.fixtures.analyst, query = '') => {
    const response = await c.t.as(user, { url: `/api/ngreports/v1/vulnerabilities/${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().vulnerabilities as {
      customer_id: string;
      os: { platform: string };
      patches: { id: string; agent_count: number; cve_ids: string[] }[];
      applications: unknown[];
      standalone_os_vulnerabilities: unknown[];
      vulnerable_count: number;
      agent_count: number;
    }[];
  };

  it('groups findings per customer and OS, counts agents, and drills down to them', async () => {
    const one = await c.enrol(acme(), { host_name: 'VULN-A', platform: 'windows-11' });
    const two = await c.enrol(acme(), { host_name: 'VULN-B', platform: 'windows-11' });
    const mac = await c.enrol(acme(), { host_name: 'VULN-MAC', platform: 'macos-14' });
    const foreign = await c.enrol(globex(), { host_name: 'VULN-G', platform: 'windows-11' });
    await reportVulns(one, {
      patches: [finding('KB1', ['CVE-2024-0001'])],
      applications: [finding('7-Zip')],
      os_vulnerabilities: [finding('OS-1')],
    });
    await reportVulns(two, { patches: [finding('KB1', ['CVE-2024-0002']), finding('KB2')] });
    await reportVulns(mac, { applications: [finding('Safari')] });
    await reportVulns(foreign, { patches: [finding('KB9')] });

    const all = await report(c.t.fixtures.analyst, `?customer_ids=${acme()}`);
    const windows = all.find((v) => v.os.platform === 'windows-11')!;
    expect(windows.customer_id).toBe(acme());
    expect(windows.patches.map((p) => [p.id, p.agent_count])).toEqual([
      ['KB1', 2],
      ['KB2', 1],
    ]);
    expect(windows.patches[0]!.cve_ids).toEqual(['CVE-2024-0001', 'CVE-2024-0002']);
    expect(windows.vulnerable_count).toBe(4);
    expect(windows.agent_count).toBe(2);
    expect(all.find((v) => v.os.platform === 'macos-14')!.vulnerable_count).toBe(1);

    const drill = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/ngreports/v1/vulnerabilities/agents?customer_id=${acme()}&platform=windows-11&kind=patch&id=KB1`,
    });
    expect(drill.json().agents.map((a: { host_name: string }) => a.host_name)).toEqual(['VULN-A', 'VULN-B']);
  });

  it('shows a customer user their own customer only', async () => {
    const foreign = await c.enrol(globex(), { host_name: 'VULN-G2', platform: 'linux-ubuntu' });
    await reportVulns(foreign, { patches: [finding('USN-1')] });
    const { acmeUser } = c.t.fixtures;
    const mine = await report(acmeUser);
    expect(mine.every((v) => v.customer_id === acme())).toBe(true);
    expect(await report(acmeUser, `?customer_ids=${globex()}`)).toEqual([]);
    const drill = await c.t.as(acmeUser, {
      url: `/api/ngreports/v1/vulnerabilities/agents?customer_id=${globex()}&platform=linux-ubuntu`,
    });
    c.expectError(drill, 404, 'not_found');
  });

  it('describes CVEs agents reported once an NVD file is imported, in the accepted language', async () => {
    const agent = await c.enrol(acme());
    await reportVulns(agent, { patches: [finding('KB5034441', ['CVE-2024-20666'])] });
    const ask = (language?: string) =>
      c.t.as(c.t.fixtures.analyst, {
        url: '/api/threat/cve?ids=CVE-2024-20666&ids=CVE-1999-0001',
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });
    const before = (await ask()).json();
    expect(before.unknown).toEqual(['CVE-1999-0001']);
    expect(before.cves[0]).toMatchObject({ cve_id: 'CVE-2024-20666', description: null });

    expect(await importNvdFile(c.t.database.db, nvdFeed)).toEqual({ read: 2, imported: 1, skipped: 1 });
    const spanish = (await ask('es-ES, en;q=0.5')).json().cves[0];
    expect(spanish).toMatchObject({ language: 'es', severity: 'MEDIUM', cvss_score: 6.6 });
    expect(spanish.published_at).toBe('2024-01-09T18:15:46.103Z');
    expect((await ask('fi-FI')).json().cves[0]).toMatchObject({
      language: 'en',
      description: 'BitLocker Security Feature Bypass Vulnerability',
    });
    const bad = await c.t.as(c.t.fixtures.analyst, { url: '/api/threat/cve?ids=nonsense' });
    expect(bad.statusCode).toBe(400);
  });
});
