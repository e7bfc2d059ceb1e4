import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext, MISSING } from './helpers.ts';

const REFUSAL = 'Syslog forwarding is disabled without a compliance licence.';

describe.each(backends())('agent settings on %s', (backend) => {
  const c = fleetContext(backend);
  const settingsOf = (agentId: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/agents/v1/agents/${agentId}/settings` });
  const put = (agentId: string, payload: Record<string, unknown>, user = c.t.fixtures.analyst) =>
    c.t.as(user, { method: 'PUT', url: `/api/agents/v1/agents/${agentId}/settings`, payload });
  const licence = (customerId: string, complianceSku: boolean) =>
    c.t.database.db.update(customers).set({ complianceSku }).where(eq(customers.customerId, customerId));

  it('refuses the syslog forwarder without a compliance licence, says why, and changes nothing', async () => {
    const agent = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-SYSLOG' });
    const before = await settingsOf(agent.agentId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      syslog_forwarder: false,
      compliance_licence: false,
      syslog_forwarder_reason: REFUSAL,
    });
    const refused = await put(agent.agentId, { syslog_forwarder: true });
    c.expectError(refused, 403, 'compliance_licence_required');
    expect(refused.json().error).toMatchObject({
      message: REFUSAL,
      details: [{ field: 'syslog_forwarder', reason: REFUSAL }],
    });
    expect((await settingsOf(agent.agentId)).json().syslog_forwarder).toBe(false);
    const checkIn = await c.checkIn(agent);
    expect(checkIn.json().settings).not.toHaveProperty('syslog_forwarder', true);
    // The terminal needs no licence.
    const terminal = await put(agent.agentId, { terminal_enabled: true });
    expect(terminal.statusCode, terminal.body).toBe(200);
    expect(terminal.json()).toMatchObject({ terminal_enabled: true, syslog_forwarder: false });
  });

  it('turns it on with the licence: the list, the next check-in and the audit trail show it', async () => {
    await licence(c.t.fixtures.acme.customerId, true);
    const agent = await c.enrol(c.t.fixtures.acme.customerId, { host_name: 'ACME-SYSLOG' });
    const on = await put(agent.agentId, { syslog_forwarder: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      syslog_forwarder: true,
      compliance_licence: true,
      syslog_forwarder_reason: null,
    });
    const detail = await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${agent.agentId}` });
    expect(detail.json().syslog_forwarder).toBe(true);
    const checkIn = await c.checkIn(agent, { applied_settings: { syslog_forwarder: false } });
    expect(checkIn.json().settings).toMatchObject({ syslog_forwarder: true, terminal_enabled: false });
    expect((await settingsOf(agent.agentId)).json().applied).toEqual({ syslog_forwarder: false });
    const audited = await c.t.database.db.select().from(auditLog).where(eq(auditLog.entityId, agent.agentId));
    expect(audited.find((row) => row.entity === 'agent_settings')).toMatchObject({
      before: { syslog_forwarder: false },
      after: { syslog_forwarder: true },
    });
    // Losing the licence still lets it be turned off.
    await licence(c.t.fixtures.acme.customerId, false);
    const off = await put(agent.agentId, { syslog_forwarder: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().syslog_forwarder).toBe(false);
  });

  it('refuses empty or unknown settings, readers who may not change, and other customers’ agents', async () => {
    const agent = await c.enrol(c.t.fixtures.acme.customerId, { host_name: 'ACME-SET-2' });
    expect((await put(agent.agentId, {})).statusCode).toBe(400);
    expect((await put(agent.agentId, { sysmon: true })).statusCode).toBe(400);
    expect((await put(agent.agentId, { terminal_enabled: 'yes' })).statusCode).toBe(400);
    c.expectError(
      await put(agent.agentId, { terminal_enabled: true }, c.t.fixtures.viewer),
      403,
      'forbidden',
    );
    c.expectError(await settingsOf(agent.agentId, c.t.fixtures.globexUser), 404, 'not_found');
    c.expectError(
      await put(
        agent.agentId,
        { terminal_enabled: true },
        await c.customerAdmin(c.t.fixtures.globex.customerId),
      ),
      404,
      'not_found',
    );
    c.expectError(await settingsOf(MISSING), 404, 'not_found');
    expect((await settingsOf(agent.agentId)).json().terminal_enabled).toBe(false);
    // Customer users switch the terminal on only with modify_all.
    c.expectError(
      await put(agent.agentId, { terminal_enabled: true }, c.t.fixtures.acmeUser),
      403,
      'forbidden',
    );
    const admin = await c.customerAdmin(c.t.fixtures.acme.customerId);
    const own = await put(agent.agentId, { terminal_enabled: true }, admin);
    expect(own.statusCode, own.body).toBe(200);
  });
});
