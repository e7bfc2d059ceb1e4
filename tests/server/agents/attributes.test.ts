import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { fleetContext, MISSING } from './helpers.ts';

type User = { contactId: string };

describe.each(backends())('agent attributes and versions on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;

  const put = (agentId: string, name: string, payload: object, user: User = c.t.fixtures.analyst) =>
    c.t.as(user, { method: 'PUT', url: `/api/agents/v1/agents/${agentId}/attributes/${name}`, payload });
  const detail = async (agentId: string) =>
    (await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${agentId}` })).json();
  const badField = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(field);
  };

  it('sets an attribute, with or without an expiry, and the agent shows it', async () => {
    const agent = await c.enrol(acme());
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const set = await put(agent.agentId, 'owner', { value: 'it-ops', expires_at: until });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ name: 'owner', value: 'it-ops', expires_at: until });
    expect((await put(agent.agentId, 'tier', { value: 2 })).json()).toEqual({
      name: 'tier',
      value: 2,
      expires_at: null,
    });
    // Setting it again replaces value and expiry.
    await put(agent.agentId, 'owner', { value: 'soc', expires_at: null });
    expect((await detail(agent.agentId)).attributes).toEqual([
      { name: 'owner', value: 'soc', expires_at: null },
      { name: 'tier', value: 2, expires_at: null },
    ]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const agent = await c.enrol(acme());
    badField(await put(agent.agentId, 'Bad-Name', { value: 'x' }), 'name');
    badField(await put(agent.agentId, 'owner', {}), 'value');
    badField(await put(agent.agentId, 'owner', { value: { nested: true } }), 'value');
    badField(await put(agent.agentId, 'owner', { value: 'x'.repeat(1025) }), 'value');
    badField(await put(agent.agentId, 'owner', { value: 'x', expires_at: 'tomorrow' }), 'expires_at');
    badField(
      await put(agent.agentId, 'owner', {
        value: 'x',
        expires_at: new Date(Date.now() - 1000).toISOString(),
      }),
      'expires_at',
    );
    badField(await put(agent.agentId, 'owner', { value: 'a\u0000b' }), 'value');
    expect((await detail(agent.agentId)).attributes).toEqual([]);
    c.expectError(await put(MISSING, 'owner', { value: 'x' }), 404, 'not_found');
    const foreign = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-ATTR' });
    c.expectError(
      await put(foreign.agentId, 'owner', { value: 'x' }, await c.customerAdmin(acme())),
      404,
      'not_found',
    );
  });

  it('answers the short version beside the full one', async () => {
    const agent = await c.enrol(acme(), { version: '4.13.0-rc.2+build.77' });
    const shown = await detail(agent.agentId);
    expect(shown).toMatchObject({ version: '4.13.0-rc.2+build.77', short_novasoc_version: '4.13.0' });
    const listed = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/agents/v1/agents/?customer_ids=${acme()}`,
    });
    const row = listed.json().agents.find((a: { agent_id: string }) => a.agent_id === agent.agentId);
    expect(row.short_novasoc_version).toBe('4.13.0');
  });
});
