import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const LIMIT = 5;

/** Floods of forged console tokens and guessed API keys are refused per client address (auth/bearer-failures.ts). */
describe.each(backends())('a flood of bearers that are not valid, on %s', (backend) => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      {},
      { logger: false, bearerFailureLimits: { perAddress: LIMIT, windowSeconds: 60 } },
    );
    const created = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: '/api/profile/api-keys',
      payload: { name: 'Script', global: true, access: 'read', expires_in_days: 30 },
    });
    expect(created.statusCode).toBe(201);
    apiKey = created.json().key;
  });
  afterAll(() => t.close());

  const call = (bearer: string, remoteAddress: string) =>
    t.app.inject({ url: '/api/user/', remoteAddress, headers: { authorization: `Bearer ${bearer}` } });
  const forgedToken = () =>
    `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: randomUUID() })).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  const guessedKey = () => `wfk_${randomUUID()}.${randomBytes(32).toString('base64url')}`;

  it('answers 429 to an address once it has sent too many forged tokens, and others carry on', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call(forgedToken(), '203.0.113.10')).statusCode).toBe(401);
    const limited = await call(forgedToken(), '203.0.113.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/retry in \d+ s/),
    });
    // Refused before the cookies are read: no XSRF cookie is made for it, and it says when to retry.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(limited.headers['content-security-policy']).toBeDefined();
    // The flooding address is refused before any check, even with a valid token.
    expect((await call(await t.tokenFor(t.fixtures.analyst), '203.0.113.10')).statusCode).toBe(429);
    expect((await call(forgedToken(), '203.0.113.11')).statusCode).toBe(401);
    expect((await call(await t.tokenFor(t.fixtures.analyst), '203.0.113.11')).statusCode).toBe(200);
  });

  it('answers 429 to an address guessing API keys, and a real key from elsewhere still works', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call(guessedKey(), '198.51.100.20')).statusCode).toBe(401);
    expect((await call(guessedKey(), '198.51.100.20')).statusCode).toBe(429);
    expect((await call(apiKey, '198.51.100.20')).statusCode).toBe(429);
    expect((await call(apiKey, '198.51.100.21')).statusCode).toBe(200);
  });

  it('refuses a forged token, a malformed key and a missing bearer at once: the contract 401, no XSRF cookie', async () => {
    const unauthorized = (message: string) => ({ error: { code: 'unauthorized', message } });
    const forged = await call(forgedToken(), '203.0.113.40');
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(forged.json()).toEqual(unauthorized('Your session has timed out.'));
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(forged.headers['content-security-policy']).toBeDefined();
    const malformedKey = await call('wfk_not-a-key', '203.0.113.40');
    expect(malformedKey.statusCode).toBe(401);
    expect(malformedKey.json()).toEqual(unauthorized('This API key is not valid.'));
    const none = await t.app.inject({ url: '/api/user/', remoteAddress: '203.0.113.40' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(unauthorized('Sign in to continue.'));
    expect(none.headers['set-cookie']).toBeUndefined();
    // Refused before the XSRF check and the body: a write with neither is told about its token.
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/v1/settings/',
      remoteAddress: '203.0.113.41',
      headers: { authorization: `Bearer ${forgedToken()}`, 'content-type': 'application/json' },
      payload: '{"theme":',
    });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual(unauthorized('Your session has timed out.'));
    // A browser connector's credential still learns where it works.
    expect((await call('wfc_anything', '203.0.113.42')).statusCode).toBe(403);
    // The forged token and the malformed key counted, the missing bearer did not.
    for (let i = 0; i < LIMIT - 2; i += 1)
      expect((await call(forgedToken(), '203.0.113.40')).statusCode).toBe(401);
    expect((await call(forgedToken(), '203.0.113.40')).statusCode).toBe(429);
  });

  it('answers a well-signed token of an ended session as the gate answers a forged one, then from memory', async () => {
    const token = await t.tokenFor(t.fixtures.analyst);
    const { sessionId } = await t.app.sessionTokens.verify(token);
    await t.app.sessionTokens.revoke(sessionId);
    const checked = await call(token, '203.0.113.50');
    const remembered = await call(token, '203.0.113.50');
    expect(checked.statusCode).toBe(401);
    expect(remembered.statusCode).toBe(401);
    expect(remembered.json()).toEqual(checked.json());
    expect(remembered.headers['content-type']).toBe(checked.headers['content-type']);
  });

  it('refuses only the bearer routes of a flooding address: public calls still answer', async () => {
    for (let i = 0; i < LIMIT; i += 1) await call(forgedToken(), '203.0.113.30');
    expect((await call(forgedToken(), '203.0.113.30')).statusCode).toBe(429);
    const health = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.30' });
    expect(health.statusCode).toBe(200);
  });

  it('counts IPv6 clients by their /64, and never counts valid or missing bearers', async () => {
    const token = await t.tokenFor(t.fixtures.analyst);
    for (let i = 0; i < LIMIT * 3; i += 1) {
      expect((await call(token, '2001:db8:5:6::1')).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/user/', remoteAddress: '2001:db8:5:6::1' })).statusCode).toBe(
        401,
      );
    }
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call(forgedToken(), `2001:db8:5:6::${(i + 2).toString(16)}`)).statusCode).toBe(401);
    expect((await call(token, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await call(token, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});
