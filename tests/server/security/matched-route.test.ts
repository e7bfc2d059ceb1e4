import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/**
 * The router decodes the path, so `/%61pi/…` reaches the same handler as `/api/…`: every API-wide
 * check must follow the route Fastify matched, not the raw URL.
 */
describe.each(backends())('API-wide checks follow the matched route, on %s', (backend) => {
  let t: TestApp;
  let alertId: number;
  let bearer: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const [row] = await t.database.db
      .insert(alerts)
      .values({ customerId: t.fixtures.acme.customerId, title: 'Encoded path alert', type: 'edr' })
      .returning();
    alertId = row!.id;
    bearer = `Bearer ${await t.tokenFor(t.fixtures.analyst)}`;
  });
  afterAll(() => t.close());

  const update = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `${path}/alerts/v1/alerts/${alertId}`,
      headers: { authorization: bearer, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ version: 1, status: 'open' }),
    });

  it.each(['/api', '/%61pi', '/%61%70%69', '/a%70i'])(
    'refuses an unsafe call to %s without X-XSRF-TOKEN with 403 and changes nothing',
    async (prefix) => {
      const response = await update(prefix);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.message).toContain('X-XSRF-TOKEN');
      const [row] = await t.database.db.select().from(alerts);
      expect(row!.status).toBe('new');
    },
  );

  it('sets the XSRF cookie on an API answer reached through an encoded path', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/%61pi/user/',
      // A browser page's call: a script's bearer call is sent no cookie (plugins/xsrf.ts).
      headers: { authorization: bearer, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('refuses the NUL character through an encoded path with 400 naming the field', async () => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'GET',
      url: '/%61pi/search/omnibox?query=a%00b',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details[0].field).toBe('querystring.query');
  });

  it('answers an encoded IdP prefix with 404 instead of handing the provider a mangled path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%69dp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('the web app fallback follows the decoded path', () => {
  let t: TestApp;
  const folder = mkdtempSync(join(tmpdir(), 'watchfloor-web-'));
  beforeAll(async () => {
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Watchfloor</title>');
    t = await createTestApp('pglite', {}, { logger: false, webRoot: folder });
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the web app for its own routes', async () => {
    const page = await t.app.inject({ url: '/alerts' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Watchfloor</title>');
  });

  it.each(['/api/no-such-call', '/%61pi/no-such-call', '/%69dp/no-such-page'])(
    'answers %s with the API’s 404, not the web app',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    },
  );
});
