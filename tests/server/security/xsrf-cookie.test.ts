import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** What a browser page's fetch adds by itself (Fetch Metadata); a script's call has none of it. */
const FROM_PAGE = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

const xsrfCookieOf = (cookies: { name: string; value: string }[]) =>
  cookies.find((c) => c.name === 'XSRF-TOKEN');

describe.each(backends())('the XSRF cookie on %s', (backend) => {
  let t: TestApp;
  let bearer: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    bearer = `Bearer ${await t.tokenFor(t.fixtures.analyst)}`;
  });
  afterAll(() => t.close());

  it('is not minted for a bearer call no browser made', async () => {
    const response = await t.app.inject({ url: '/api/user/', headers: { authorization: bearer } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is minted for a browser page signed in with the same bearer, whose writes still need it', async () => {
    const read = await t.app.inject({ url: '/api/user/', headers: { authorization: bearer, ...FROM_PAGE } });
    expect(read.statusCode).toBe(200);
    const minted = xsrfCookieOf(read.cookies);
    expect(minted?.value).toMatch(/^[\w-]{32}$/);

    const save = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/portal/v1/settings/',
        headers: { authorization: bearer, ...FROM_PAGE, ...headers },
        cookies: { 'XSRF-TOKEN': minted!.value },
        payload: { theme: 'dark' },
      });
    const withoutHeader = await save({});
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json().error.message).toMatch(/X-XSRF-TOKEN/);
    expect((await save({ 'x-xsrf-token': 'not-the-cookie' })).statusCode).toBe(403);
    const echoed = await save({ 'x-xsrf-token': minted!.value });
    expect(echoed.statusCode, echoed.body).toBe(200);
    // A browser that already holds the cookie is not sent a new one.
    expect(xsrfCookieOf(echoed.cookies)).toBeUndefined();
  });

  it('is minted for a browser before sign-in, with no bearer at all', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(xsrfCookieOf(response.cookies)).toBeDefined();
  });

  it('still refuses a bearer write without the pair, browser or not', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/v1/settings/',
      headers: { authorization: bearer },
      payload: { theme: 'dark' },
    });
    expect(response.statusCode).toBe(403);
  });
});
