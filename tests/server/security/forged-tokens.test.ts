import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BearerFailures } from '../../../src/server/auth/bearer-failures.ts';
import { SessionPrincipals } from '../../../src/server/auth/session-principals.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const HEADER = 'eyJhbGciOiJIUzI1NiJ9';
const forged = () =>
  `${HEADER}.${Buffer.from(JSON.stringify({ sub: randomUUID(), jti: randomUUID() })).toString('base64url')}.${randomBytes(32).toString('base64url')}`;

/**
 * A forged console token is refused by its shape and signature before the auth epoch or the
 * session is read, and a token refused once is never checked again (auth/session-principals.ts).
 */
describe.each(backends())('forged and refused session tokens, on %s', (backend) => {
  let t: TestApp;
  let epochReads: number;
  let principals: SessionPrincipals;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const fresh = () => {
    epochReads = 0;
    const epoch = t.database.authEpoch;
    principals = new SessionPrincipals(t.database.db, t.app.sessionTokens, {
      current: () => {
        epochReads += 1;
        return epoch.current();
      },
    });
  };

  it('refuses forged and malformed tokens without reading the epoch or the session', async () => {
    fresh();
    const verify = vi.spyOn(t.app.sessionTokens, 'verify');
    const malformed = [
      'x',
      `${HEADER}.e30`,
      `${forged()}x`,
      `eyJhbGciOiJub25lIn0.${forged().split('.')[1]}.`,
    ];
    for (const token of [forged(), forged(), ...malformed])
      await expect(principals.forToken(token)).rejects.toMatchObject({ statusCode: 401 });
    expect(epochReads).toBe(0);
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();
  });

  it('checks a well-signed token once when its session has ended, and a live one as before', async () => {
    fresh();
    const signed = vi.spyOn(t.app.sessionTokens, 'signedHere');
    const ended = await t.tokenFor(t.fixtures.analyst);
    const live = await t.tokenFor(t.fixtures.analyst);
    expect(t.app.sessionTokens.signedHere(ended)).toBe(true);
    const { sessionId } = await t.app.sessionTokens.verify(ended);
    await t.app.sessionTokens.revoke(sessionId);
    signed.mockClear();
    for (let i = 0; i < 3; i += 1)
      await expect(principals.forToken(ended)).rejects.toMatchObject({ statusCode: 401 });
    // Checked by shape and signature before the epoch read, then by verify(): once each, never again.
    expect(signed).toHaveBeenCalledTimes(2);
    expect(epochReads).toBe(1);
    expect((await principals.forToken(live)).scope.userId).toBe(t.fixtures.analyst.contactId);
    signed.mockRestore();
  });

  it('refuses a token signed with another key', async () => {
    const token = await t.tokenFor(t.fixtures.analyst);
    const [header, payload] = token.split('.');
    const resigned = `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
    expect(t.app.sessionTokens.signedHere(token)).toBe(true);
    expect(t.app.sessionTokens.signedHere(resigned)).toBe(false);
    const answer = await t.app.inject({
      url: '/api/user/',
      headers: { authorization: `Bearer ${resigned}` },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the failure window of an address', () => {
  it('refuses once the address used up its failures, until the window ends', () => {
    let now = 1_000_000;
    const failures = new BearerFailures({ perAddress: 3, windowSeconds: 60 }, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(failures.refusedFor('198.51.100.7')).toBe(0);
      failures.failed('198.51.100.7');
    }
    expect(failures.refusedFor('198.51.100.7')).toBe(60_000);
    expect(failures.refusedFor('198.51.100.8')).toBe(0);
    // An IPv4-mapped IPv6 address is the same client.
    expect(failures.refusedFor('::ffff:198.51.100.7')).toBe(60_000);
    now += 59_000;
    expect(failures.refusedFor('198.51.100.7')).toBe(1_000);
    now += 1_000;
    expect(failures.refusedFor('198.51.100.7')).toBe(0);
    failures.failed('198.51.100.7');
    expect(failures.refusedFor('198.51.100.7')).toBe(0);
  });
});
