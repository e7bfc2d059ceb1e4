import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentEnrolmentTokens, agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('agent enrolment on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const db = () => c.t.database.db;

  it('enrols with a token: the agent gets its id and a credential, the token counts the use', async () => {
    const { token, enrolment_token } = await c.createToken(acme(), { use_limit: 5 });
    const response = await c.enrolWith(token, { host_name: 'ACME-NEW-01', check_in_interval: 30 });
    expect(response.statusCode, response.body).toBe(201);
    // An agent is not a browser: no cookie is set for it.
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({ customer_id: acme(), check_in_interval: 30 });
    expect(body.credential.startsWith(`${body.agent_id}.`)).toBe(true);
    const [row] = await db().select().from(agents).where(eq(agents.agentId, body.agent_id));
    expect(row).toMatchObject({ hostName: 'ACME-NEW-01', enrolmentTokenId: enrolment_token.token_id });
    // Only a hash of the credential is kept.
    expect(row!.credentialHash).not.toContain(body.credential.split('.')[1]);
    const list = await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/enrolment-tokens' });
    const listed = list
      .json()
      .tokens.find((t: { token_id: string }) => t.token_id === enrolment_token.token_id);
    expect(listed).toMatchObject({ uses: 1, use_limit: 5, state: 'active' });
    expect(JSON.stringify(list.json())).not.toContain(token.split('.')[1]);
  });

  it('refuses unknown, malformed and wrongly signed tokens alike', async () => {
    const { token } = await c.createToken(acme());
    const [id] = token.split('.');
    for (const bad of [
      'nonsense',
      `${id}.${'x'.repeat(43)}`,
      `00000000-0000-4000-8000-000000000000.${'y'.repeat(43)}`,
    ]) {
      c.expectError(await c.enrolWith(bad), 401, 'invalid_token');
    }
  });

  it('refuses a revoked token', async () => {
    const { token, enrolment_token } = await c.createToken(acme(), { use_limit: 10 });
    const revoke = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: `/api/agents/v1/enrolment-tokens/${enrolment_token.token_id}/revoke`,
    });
    expect(revoke.json()).toMatchObject({ state: 'revoked' });
    const refused = await c.enrolWith(token);
    c.expectError(refused, 403, 'token_revoked');
    expect(refused.json().error.message).toBe('This enrolment token was revoked. Ask for a new installer.');
  });

  it('refuses an expired token', async () => {
    const { token, enrolment_token } = await c.createToken(acme());
    await db()
      .update(agentEnrolmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentEnrolmentTokens.tokenId, enrolment_token.token_id));
    c.expectError(await c.enrolWith(token), 403, 'token_expired');
  });

  it('refuses a token used as often as its limit allows, even when agents enrol at once', async () => {
    const { token, enrolment_token } = await c.createToken(acme(), { use_limit: 2 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => c.enrolWith(token, { host_name: `RACE-${n}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 403, 403]);
    const refused = answers.find((a) => a.statusCode === 403)!;
    expect(refused.json().error.code).toBe('token_used_up');
    const [row] = await db()
      .select()
      .from(agentEnrolmentTokens)
      .where(eq(agentEnrolmentTokens.tokenId, enrolment_token.token_id));
    expect(row!.uses).toBe(2);
  });

  it('validates what the agent declares', async () => {
    const { token } = await c.createToken(acme());
    const response = await c.enrolWith(token, { check_in_interval: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].field).toBe('body.check_in_interval');
  });

  it('only staff who may change data manage tokens; customer users cannot even list them', async () => {
    const { acmeUser, viewer } = c.t.fixtures;
    for (const user of [acmeUser, viewer]) {
      const created = await c.t.as(user, {
        method: 'POST',
        url: '/api/agents/v1/enrolment-tokens',
        payload: { customer_id: acme(), name: 'nope' },
      });
      c.expectError(created, 403, 'forbidden');
    }
    c.expectError(await c.t.as(acmeUser, { url: '/api/agents/v1/enrolment-tokens' }), 403, 'forbidden');
    const listed = await c.t.as(viewer, { url: '/api/agents/v1/enrolment-tokens' });
    expect(listed.statusCode).toBe(200);
  });

  it('a token names a customer the caller can reach', async () => {
    const response = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: '/api/agents/v1/enrolment-tokens',
      payload: { customer_id: '00000000-0000-4000-8000-000000000000', name: 'ghost' },
    });
    c.expectError(response, 404, 'not_found');
  });
});
