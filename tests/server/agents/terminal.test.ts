import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, mailOutbox, terminalCertificates } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { terminalContext } from '../terminal/helpers.ts';
import { MISSING } from './helpers.ts';

const NO_PERMISSION = 'You do not have permission to start a terminal';
const NO_CERTIFICATE = 'You hold no terminal certificate for this customer: an Owner grants one by e-mail.';

describe.each(backends())('terminal access on %s', (backend) => {
  const c = terminalContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const grant = (payload: Record<string, unknown>, user = c.t.fixtures.admin) =>
    c.t.as(user, { method: 'POST', url: '/api/agents/v1/terminal-certificates', payload });
  const capability = (agentId: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/module/agents/v1/agents/interactive-shell/capable/${agentId}` });
  const list = (user = c.t.fixtures.admin) => c.t.as(user, { url: '/api/agents/v1/terminal-certificates' });
  const mailTo = (email: string) =>
    c.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipients, [email]));

  it('says what is missing first: the permission, a certificate, the version, the setting, the open channel', async () => {
    const agent = await c.enrol(acme(), { host_name: 'ACME-TERM-1', version: '4.10.2' });
    expect((await capability(agent.agentId, c.t.fixtures.viewer)).json()).toEqual({
      active_connection: false,
      capable: false,
      allowed: false,
      reason: NO_PERMISSION,
    });
    expect((await capability(agent.agentId)).json()).toMatchObject({
      allowed: false,
      reason: NO_CERTIFICATE,
    });
    const granted = await grant({ customer_id: acme(), email: 'Analyst@Test.example' });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({
      customer_id: acme(),
      contact_id: c.t.fixtures.analyst.contactId,
      state: 'active',
      revoked_at: null,
    });
    expect((await capability(agent.agentId)).json()).toMatchObject({
      allowed: true,
      capable: false,
      reason: 'Agent 4.10.2 has no terminal: it needs 4.11.0 or later.',
    });
    await c.checkIn(agent, { version: '4.12.3' });
    expect((await capability(agent.agentId)).json().reason).toBe(
      'The terminal is turned off in this agent’s settings.',
    );
    await c.enableTerminal(agent.agentId);
    // Checking in is not a connection: only the agent's open channel reaches it.
    expect((await capability(agent.agentId)).json()).toEqual({
      active_connection: false,
      capable: true,
      allowed: true,
      reason: 'The agent is not connected: it has no open channel to the server.',
    });
    const dialled = await c.connectedAgent(1);
    const dialledId = dialled.client.agentId!;
    expect((await capability(dialledId)).json()).toEqual({
      active_connection: true,
      capable: true,
      allowed: true,
      reason: null,
    });
    // The grant covers every agent of the customer, not others.
    const foreign = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-TERM' });
    expect((await capability(foreign.agentId)).json()).toMatchObject({
      allowed: false,
      reason: NO_CERTIFICATE,
    });
    // Someone else granted nothing is still refused.
    expect((await capability(dialledId, c.t.fixtures.acmeUser)).json().allowed).toBe(false);
    // The channel dropped, the agent is no longer connected, however recently it checked in.
    dialled.terminal!.drop();
    await vi.waitFor(async () =>
      expect((await capability(dialledId)).json()).toMatchObject({
        active_connection: false,
        reason: 'The agent is not connected: it has no open channel to the server.',
      }),
    );
  });

  it('mails the certificate through the outbox, stores only its hash, audits, and revokes', async () => {
    const granted = await grant({ customer_id: acme(), email: 'user@acme.test', valid_days: 5 });
    expect(granted.statusCode, granted.body).toBe(201);
    const certificate = granted.json();
    expect(certificate).not.toHaveProperty('certificate');
    const [mail] = await mailTo('user@acme.test');
    expect(mail?.subject).toBe('Watchfloor terminal access for Acme Test');
    const sent = /^([0-9a-f-]{36})\.(\S+)$/m.exec(mail!.text);
    expect(sent?.[1]).toBe(certificate.certificate_id);
    const [stored] = await c.t.database.db
      .select()
      .from(terminalCertificates)
      .where(eq(terminalCertificates.certificateId, certificate.certificate_id));
    expect(stored!.secretHash).not.toContain(sent![2]!);
    expect(new Date(certificate.expires_at).getTime() - Date.now()).toBeGreaterThan(4.9 * 86_400_000);
    const agent = await c.enrol(acme(), { host_name: 'ACME-TERM-3' });
    expect((await capability(agent.agentId, c.t.fixtures.acmeUser)).json().allowed).toBe(true);
    // The grantee sees their own certificate; only the Owner sees everyone's and may grant.
    const own = (await list(c.t.fixtures.acmeUser)).json();
    expect(own.can_grant).toBe(false);
    expect(own.certificates.map((x: { email: string }) => x.email)).toEqual(['user@acme.test']);
    expect((await list()).json().can_grant).toBe(true);

    const revoke = (user = c.t.fixtures.admin) =>
      c.t.as(user, {
        method: 'POST',
        url: `/api/agents/v1/terminal-certificates/${certificate.certificate_id}/revoke`,
      });
    c.expectError(await revoke(c.t.fixtures.acmeUser), 403, 'forbidden');
    const revoked = await revoke();
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().state).toBe('revoked');
    expect((await revoke()).json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await capability(agent.agentId, c.t.fixtures.acmeUser)).json()).toMatchObject({
      allowed: false,
      reason: NO_CERTIFICATE,
    });
    const audited = await c.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, certificate.certificate_id));
    expect(audited.map((row) => row.action).sort()).toEqual(['create', 'revoke']);
  });

  it('stops working once expired', async () => {
    const granted = await grant({ customer_id: acme(), email: 'user@acme.test' });
    const agent = await c.enrol(acme(), { host_name: 'ACME-TERM-4' });
    expect((await capability(agent.agentId, c.t.fixtures.acmeUser)).json().allowed).toBe(true);
    await c.t.database.db
      .update(terminalCertificates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(terminalCertificates.certificateId, granted.json().certificate_id));
    expect((await capability(agent.agentId, c.t.fixtures.acmeUser)).json().allowed).toBe(false);
    const mine = (await list(c.t.fixtures.acmeUser)).json().certificates;
    expect(mine[0].state).toBe('expired');
  });

  it('is granted by an Owner only, to a valid e-mail of a user who can see the customer', async () => {
    const before = (await list()).json().certificates.length;
    c.expectError(
      await grant({ customer_id: acme(), email: 'user@acme.test' }, c.t.fixtures.analyst),
      403,
      'forbidden',
    );
    const invalid = await grant({ customer_id: acme(), email: 'not-an-address' });
    c.expectError(invalid, 400, 'bad_request');
    expect(invalid.json().error.details).toEqual([{ field: 'email', reason: 'Please enter a valid Email' }]);
    const stranger = await grant({ customer_id: acme(), email: 'user@globex.test' });
    c.expectError(stranger, 400, 'bad_request');
    expect(stranger.json().error.details[0].field).toBe('email');
    c.expectError(await grant({ customer_id: acme(), email: 'nobody@test.example' }), 400, 'bad_request');
    c.expectError(await grant({ customer_id: MISSING, email: 'user@acme.test' }), 404, 'not_found');
    expect((await grant({ customer_id: acme() })).statusCode).toBe(400);
    expect((await list()).json().certificates.length).toBe(before);
    expect(await mailTo('user@globex.test')).toEqual([]);
  });

  it('keeps customers apart: capability and certificates of other customers are not visible', async () => {
    const foreign = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-TERM-2' });
    c.expectError(await capability(foreign.agentId, c.t.fixtures.acmeUser), 404, 'not_found');
    await grant({ customer_id: c.t.fixtures.globex.customerId, email: 'user@globex.test' });
    const seen = (await list(c.t.fixtures.acmeUser)).json().certificates;
    expect(seen.every((x: { customer_id: string }) => x.customer_id === acme())).toBe(true);
    const asked = await c.t.as(c.t.fixtures.acmeUser, {
      url: `/api/agents/v1/terminal-certificates?customer_ids=${c.t.fixtures.globex.customerId}`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().certificates).toEqual([]);
    expect((await list(c.t.fixtures.globexUser)).json().certificates).toHaveLength(1);
  });
});
