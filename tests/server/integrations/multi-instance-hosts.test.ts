import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { BASE, create, SECRET, validate } from './helpers.ts';

const URL = '/api/integrations/v1/multi-instance-hosts';

/** Hosts seen through more than one integration instance or agent, of the customers the caller sees. */
describe.each(backends())('multi-instance hosts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const instance = async (name: string) => {
    const made = await create(t, t.fixtures.analyst, {
      kind: 'webhook',
      name,
      settings: { tenant: 'tenant' },
      secrets: { signing_secret: SECRET },
    });
    expect((await validate(t, t.fixtures.analyst, made.json().id)).json().valid).toBe(true);
    return made.json().id as string;
  };
  const mapHost = async (id: string, customerId: string, hostName: string) => {
    const mapped = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: `${BASE}/${id}/host-mappings`,
      payload: { customer_id: customerId, host_name: hostName },
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
  };

  it('lists a host each source that reports it, ignoring case, and no host seen once', async () => {
    expect((await t.as(t.fixtures.viewer, { url: URL })).json()).toEqual({ hosts: [] });
    const edr = await instance('EDR');
    const firewall = await instance('Firewall');
    const { acme, globex } = t.fixtures;
    await mapHost(edr, acme.customerId, 'fs-01');
    await mapHost(firewall, acme.customerId, 'FS-01');
    await mapHost(edr, acme.customerId, 'only-once');
    await mapHost(firewall, globex.customerId, 'globex-only');
    const [agent] = await t.database.db
      .insert(agents)
      .values([
        {
          customerId: acme.customerId,
          hostName: 'Fs-01',
          platform: 'windows',
          architecture: 'x64',
          version: '1',
        },
        {
          customerId: globex.customerId,
          hostName: 'dup',
          platform: 'linux',
          architecture: 'x64',
          version: '1',
        },
        {
          customerId: globex.customerId,
          hostName: 'DUP',
          platform: 'linux',
          architecture: 'x64',
          version: '1',
        },
      ])
      .returning();

    const listed = await t.as(t.fixtures.viewer, { url: URL });
    expect(listed.statusCode, listed.body).toBe(200);
    const hosts = listed.json().hosts as { host_name: string; customer_name: string; sources: unknown[] }[];
    expect(hosts.map((h) => [h.host_name, h.customer_name])).toEqual([
      ['dup', 'Globex Test'],
      ['fs-01', 'Acme Test'],
    ]);
    expect(hosts[1]!.sources).toEqual([
      { source: 'agent', id: agent!.agentId, name: 'Fs-01' },
      { source: 'integration', id: edr, name: 'EDR' },
      { source: 'integration', id: firewall, name: 'Firewall' },
    ]);
    expect(hosts[0]!.sources).toHaveLength(2);
  });

  it('needs global_user with read_all or read_integration', async () => {
    expect((await t.as(null, { url: URL })).statusCode).toBe(401);
    expect((await t.as(t.fixtures.acmeUser, { url: URL })).statusCode).toBe(403);
    expect((await t.as(t.fixtures.globexUser, { url: URL })).statusCode).toBe(403);
  });
});
