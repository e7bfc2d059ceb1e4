import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { SignInThrottle, throttleAddress } from '../../../src/server/idp/throttle.ts';
import type { TestApp } from '../../helpers/app.ts';
import { FIXTURE_PASSWORD } from '../../helpers/fixtures.ts';
import { authorizeRequest, Browser, formAction, freePort, listeningApp } from '../idp-browser.ts';

/** Sign-in throttling by account and by client address, kept in the database for every process. */
describe('sign-in throttling', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await listeningApp());
  });
  afterAll(() => t.close());

  /** The sign-in form of a fresh authorize request, and a way to post it from any client address. */
  const signInForm = async (origin = base) => {
    const browser = new Browser(base);
    const { response } = await browser.follow((await authorizeRequest(base)).url);
    const action = new URL(formAction(await response.text()), origin).href;
    return (from: string, email: string, password: string) =>
      browser.postForm(action, { email, password }, { 'x-forwarded-for': from });
  };

  it('locks an account after twenty failures from any mix of addresses, not its other users', async () => {
    const post = await signInForm();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await post(`198.51.100.${attempt}`, 'Analyst@test.example', `guess ${attempt}`)).status).toBe(
        401,
      );
    }
    const limited = await post('198.51.100.200', 'analyst@test.example', FIXTURE_PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many sign-in attempts');
    expect((await post('198.51.100.200', 'viewer@test.example', 'wrong')).status).toBe(401);
  });

  it('counts an IPv6 client by its /64, so hopping addresses inside it does not help', async () => {
    const post = await signInForm();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const refused = await post(
        `2001:db8:1:2::${attempt.toString(16)}`,
        `nobody${attempt}@test.example`,
        'x',
      );
      expect(refused.status).toBe(401);
    }
    expect((await post('2001:db8:1:2:ffff::1', 'user@globex.test', FIXTURE_PASSWORD)).status).toBe(429);
    expect((await post('2001:db8:1:3::1', 'user@globex.test', FIXTURE_PASSWORD)).status).toBe(303);
  });

  it('shares the counts with another process on the same database', async () => {
    const port = await freePort();
    const other = await buildApp(
      loadConfig({
        PORT: String(port),
        PUBLIC_URL: base,
        TRUST_PROXY: '127.0.0.1',
        WATCHFLOOR_DATA: 'memory://',
      }),
      t.database,
      { logger: false },
    );
    await other.listen({ port, host: '127.0.0.1' });
    try {
      const here = await signInForm();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect((await here('192.0.2.77', `guess${attempt}@test.example`, 'x')).status).toBe(401);
      }
      const there = await signInForm(`http://127.0.0.1:${port}`);
      expect((await there('192.0.2.77', 'user@acme.test', FIXTURE_PASSWORD)).status).toBe(429);
      expect((await there('192.0.2.78', 'user@acme.test', FIXTURE_PASSWORD)).status).toBe(303);
    } finally {
      await other.close();
    }
  });

  it('gives a successful attempt back and forgets failures once the window has passed', async () => {
    // The window is read from the clock, which stands still here and is moved past it: a busy
    // machine cannot let the window lapse halfway, and the test does not sleep through it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const limits = { perAddress: 3, addressWindowSeconds: 60, perAccount: 100, accountWindowSeconds: 60 };
      const one = new SignInThrottle(t.database.db, limits);
      const two = new SignInThrottle(t.database.db, limits);
      expect(await one.attempt('192.0.2.90', 'a@test.example')).toBe(true);
      expect(await two.attempt('192.0.2.90', 'b@test.example')).toBe(true);
      await two.succeeded('192.0.2.90', 'b@test.example');
      expect(await one.attempt('192.0.2.90', 'c@test.example')).toBe(true);
      expect(await two.attempt('192.0.2.90', 'd@test.example')).toBe(true);
      expect(await one.attempt('192.0.2.90', 'e@test.example')).toBe(false);
      vi.setSystemTime(Date.now() + 59_000);
      expect(await two.attempt('192.0.2.90', 'f@test.example')).toBe(false);
      vi.setSystemTime(Date.now() + 2_000);
      expect(await two.attempt('192.0.2.90', 'g@test.example')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys addresses as one client has them', () => {
    expect(throttleAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('2001:db8:1:2:3:4:5:6')).toBe(throttleAddress('2001:db8:1:2::9'));
    expect(throttleAddress('2001:db8:1:2::1')).not.toBe(throttleAddress('2001:db8:1:3::1'));
  });
});
