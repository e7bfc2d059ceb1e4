import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../../src/server/contract/load.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const contract = loadContract();
const operations = listOperations(contract);
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
/** A concrete URL for a contract path, with placeholder ids. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'kind'
      ? 'ip'
      : name === 'value'
        ? '203.0.113.7'
        : name.endsWith('id') && name !== 'agent_id'
          ? '1'
          : '00000000-0000-4000-8000-000000000000',
  );

describe('the contract and the routes agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('every operation has a unique operationId', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every operation has a route', () => {
    const routes = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const missing = operations.filter((o) => !routes.has(`${o.method} ${fastifyPath(o.path)}`));
    expect(missing.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('every API route is in the contract (the docs excepted)', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${fastifyPath(o.path)}`));
    const undocumented = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .filter((r) => !documented.has(`${r.method} ${r.url}`));
    expect(undocumented).toEqual([]);
  });

  it('every operation that needs sign-in answers 401 with the error shape when called without a token', async () => {
    const secured = operations.filter(
      (o) => !(Array.isArray(o.operation.security) && o.operation.security.length === 0),
    );
    expect(secured.length).toBeGreaterThan(5);
    for (const op of secured) {
      const response = await t.as(null, {
        method: op.method as 'GET',
        url: concrete(op.path),
        payload: op.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(response.json().error.code, `${op.method} ${op.path}`).toBe('unauthorized');
    }
  });

  it('rejects a forged token', async () => {
    const response = await t.app.inject({
      url: '/api/user/',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await t.as(t.fixtures.analyst, { url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves the API reference at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/user/');
  });
});
