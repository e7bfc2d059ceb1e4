import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseReachable, REACHABLE_FOR_MS } from '../../src/server/db/reachable.ts';
import type { Db } from '../../src/server/db/types.ts';
import { errorsPlugin } from '../../src/server/plugins/errors.ts';
import { SECURITY_HEADERS, securityHeaders } from '../../src/server/plugins/security-headers.ts';
import { webAppPlugin } from '../../src/server/plugins/web-app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  for (const [name, value] of SECURITY_HEADERS) expect(headers[name.toLowerCase()], name).toBe(value);
};

describe('the web app, served from memory', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'watchfloor-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Watchfloor</title>');
    writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1);');
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(securityHeaders);
    await app.register(webAppPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a file with its type, content, an ETag and the security headers', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(response.headers['cache-control']).toBe('public, max-age=0');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expectSecurityHeaders(response.headers);
  });

  it('answers 304 without a body when the browser holds the same version', async () => {
    const first = await app.inject({ url: '/favicon.svg' });
    const again = await app.inject({
      url: '/favicon.svg',
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/favicon.svg', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('lets browsers keep content-hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/main-abc123.js' });
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, never cached stale, for any other page the app routes', async () => {
    for (const url of ['/', '/alerts/42', '/login/callback?code=x']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Watchfloor</title>');
    }
  });

  it('leaves unknown API and IdP paths to the JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/idp/nothing-here']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
      expectSecurityHeaders(response.headers);
    }
  });
});

describe('databaseReachable', () => {
  const countingDb = () => {
    const calls: string[] = [];
    let failing = false;
    const db = {
      execute: async (statement: string) => {
        calls.push(statement);
        if (failing) throw new Error('connection refused');
      },
    } as unknown as Db;
    return { db, calls, fail: (value: boolean) => (failing = value) };
  };

  it('asks the database once for concurrent callers and again only after a second', async () => {
    const { db, calls } = countingDb();
    let now = 1_000_000;
    const clock = () => now;
    await Promise.all([
      databaseReachable(db, clock),
      databaseReachable(db, clock),
      databaseReachable(db, clock),
    ]);
    expect(calls).toEqual(['select 1']);
    now += REACHABLE_FOR_MS - 1;
    await databaseReachable(db, clock);
    expect(calls).toHaveLength(1);
    now += 1;
    await databaseReachable(db, clock);
    expect(calls).toHaveLength(2);
  });

  it('never remembers a failure', async () => {
    const { db, calls, fail } = countingDb();
    const clock = () => 5_000_000;
    fail(true);
    await expect(databaseReachable(db, clock)).rejects.toThrow('connection refused');
    fail(false);
    await databaseReachable(db, clock);
    expect(calls).toHaveLength(2);
  });
});

describe.each(backends())('API answers on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('carry the security headers, on success and on error', async () => {
    expectSecurityHeaders((await t.app.inject({ url: '/api/health' })).headers);
    expectSecurityHeaders((await t.app.inject({ url: '/api/user/' })).headers);
    expectSecurityHeaders((await t.app.inject({ url: '/api/no-such-call' })).headers);
  });

  it('refuse a signed-in call without a token, for GET and HEAD alike', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/api/user/' });
      expect(response.statusCode, method).toBe(401);
    }
    const signedIn = await t.as(t.fixtures.analyst, { url: '/api/user/' });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('getHealth when the database does not answer', () => {
  it('answers 503 with the error shape, not a 500', async () => {
    const t = await createTestApp('pglite');
    await t.database.close();
    try {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'database_unavailable', message: 'The database does not answer.' },
      });
    } finally {
      await t.app.close();
    }
  });
});
