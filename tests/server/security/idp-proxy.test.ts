import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const discovery = async (t: TestApp, remoteAddress: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/idp/.well-known/openid-configuration',
    headers: FORGED,
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { authorization_endpoint: string; token_endpoint: string };
};

/** The embedded IdP believes X-Forwarded-* only as TRUST_PROXY says. */
describe('the embedded IdP and forwarded headers', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { PUBLIC_URL: 'http://localhost:8080' });
    });
    afterAll(() => t.close());

    it('ignores a forged X-Forwarded-Host and -Proto when building its addresses', async () => {
      const metadata = await discovery(t, '127.0.0.1');
      expect(metadata.authorization_endpoint).not.toContain('evil.example');
      expect(metadata.token_endpoint).not.toContain('evil.example');
      expect(metadata.authorization_endpoint.startsWith('http://')).toBe(true);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { PUBLIC_URL: 'http://localhost:8080', TRUST_PROXY: '10.0.0.0/8' });
    });
    afterAll(() => t.close());

    it('believes the headers a trusted proxy sends', async () => {
      const metadata = await discovery(t, '10.1.2.3');
      expect(metadata.authorization_endpoint).toBe('https://evil.example/idp/auth');
    });

    it('ignores them from any other address', async () => {
      const metadata = await discovery(t, '192.0.2.50');
      expect(metadata.authorization_endpoint).not.toContain('evil.example');
    });
  });
});
