import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('agent totals on %s', (backend) => {
  const c = fleetContext(backend);
  const totals = (query: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/agents/v1/agents/totals${query}` });

  it('counts every matching agent by platform, architecture and risk, following the filters', async () => {
    const acme = c.t.fixtures.acme.customerId;
    const win = await c.enrol(acme, { host_name: 'ACME-WIN-1', platform: 'windows-11' });
    await c.enrol(acme, { host_name: 'ACME-WIN-2', platform: 'windows_server-2022' });
    const mac = await c.enrol(acme, { host_name: 'ACME-MAC-1', platform: 'macos-14', architecture: 'arm64' });
    const old = await c.enrol(acme, { host_name: 'ACME-LNX-1', platform: 'linux-ubuntu', version: '4.9.0' });
    await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-WIN-1', platform: 'windows-10' });
    await c.checkIn(mac, { health: 'unhealthy', health_issues: ['EDR stopped'] });
    await c.checkIn(old, { version: '4.9.0' });
    await c.t.database.db
      .update(agents)
      .set({ heartbeatAt: new Date(Date.now() - 86_400_000), isDomainController: true })
      .where(eq(agents.agentId, win.agentId));
    const acmeOnly = `?customer_ids=${acme}`;

    const all = await totals(acmeOnly);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      total: 4,
      platform: [
        { name: 'windows', count: 2 },
        { name: 'linux', count: 1 },
        { name: 'macos', count: 1 },
      ],
      architecture: [
        { name: 'x64', count: 3 },
        { name: 'arm64', count: 1 },
      ],
      risk: [
        { name: 'green', count: 1 },
        { name: 'grey', count: 1 },
        { name: 'red', count: 1 },
        { name: 'yellow', count: 1 },
      ],
    });
    expect((await totals(`${acmeOnly}&states=online`)).json().total).toBe(3);
    expect((await totals(`${acmeOnly}&states=online&states=unhealthy`)).json()).toMatchObject({
      total: 1,
      platform: [{ name: 'macos', count: 1 }],
    });
    expect((await totals(`${acmeOnly}&states=out_of_date`)).json().platform).toEqual([
      { name: 'linux', count: 1 },
    ]);
    expect((await totals(`${acmeOnly}&flags=domain_controller`)).json()).toMatchObject({
      total: 1,
      risk: [{ name: 'grey', count: 1 }],
    });
    expect((await totals(`${acmeOnly}&q=win`)).json().total).toBe(2);
    // Only the agents that checked in reported their address.
    expect((await totals(`${acmeOnly}&q=10.0.0.5`)).json().total).toBe(2);
    expect((await totals(`${acmeOnly}&q=100%25`)).json().total).toBe(0);
    expect((await totals('')).json().total).toBe(5);
  });

  it('counts only the caller’s customers and refuses unknown filters', async () => {
    const own = (await totals('', c.t.fixtures.acmeUser)).json();
    const staff = (await totals(`?customer_ids=${c.t.fixtures.acme.customerId}`)).json();
    expect(own).toEqual(staff);
    const asked = await totals(`?customer_ids=${c.t.fixtures.globex.customerId}`, c.t.fixtures.acmeUser);
    expect(asked.json().total ?? 0).toBe(0);
    expect((await totals('?states=sleeping')).statusCode).toBe(400);
    expect((await totals('?flags=antivirus')).statusCode).toBe(400);
  });
});
