import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundSettings } from '../../../src/server/config.ts';
import { guardedFetch, OutboundError } from '../../../src/server/platform/outbound/index.ts';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A web server on one loopback address that counts what it was asked. */
async function webServer(host: string, routes: Record<string, Route>, port = 0) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    const route = routes[req.url ?? '/'];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const failureOf = async (pending: Promise<unknown>) => {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error('the request was made');
};

describe('guarded fetch', () => {
  // 127.0.0.2 stands for an internal host an administrator allowed; 127.0.0.1 for one nobody did.
  const settings = outboundSettings({ OUTBOUND_ALLOW_HOSTS: '127.0.0.2' });
  let allowed: Awaited<ReturnType<typeof webServer>>;
  let internal: Awaited<ReturnType<typeof webServer>>;
  let port: number;

  beforeAll(async () => {
    allowed = await webServer('127.0.0.2', {
      '/feed.txt': (_req, res) => res.end('198.51.100.7\n'),
      '/to-internal': (_req, res) =>
        res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end(),
      '/to-localhost': (_req, res) =>
        res.writeHead(301, { location: `http://localhost:${port}/secret` }).end(),
      '/to-metadata': (_req, res) =>
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-mapped': (_req, res) =>
        res.writeHead(308, { location: `http://[::ffff:127.0.0.1]:${port}/secret` }).end(),
      '/hop': (_req, res) => res.writeHead(303, { location: '/feed.txt' }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/large': (_req, res) => res.end('x'.repeat(4096)),
      '/large-chunked': (_req, res) => {
        res.write('x'.repeat(1000));
        res.end('x'.repeat(3000));
      },
      '/slow': () => {},
      '/echo-method': (req, res) => res.end(req.method),
    });
    port = allowed.port;
    // The same port on the address a rebinding answer would send the connection to.
    internal = await webServer('127.0.0.1', { '/secret': (_req, res) => res.end('secret') }, port);
  });
  afterAll(async () => {
    await allowed.close();
    await internal.close();
  });

  it('connects to the address it checked, whatever the name resolves to afterwards (DNS rebinding)', async () => {
    const answers = [['127.0.0.2'], ['127.0.0.1']];
    let asked = 0;
    const resolve = async () => answers[Math.min(asked++, answers.length - 1)]!;
    const response = await guardedFetch(
      `http://feeds.rebind.test:${port}/feed.txt`,
      {},
      { settings, resolve },
    );
    expect(await response.text()).toBe('198.51.100.7\n');
    expect(asked).toBe(1);
    expect(internal.hits).toEqual([]);
    // A resolver that answers the internal address first is refused before any connection.
    const rebound = await failureOf(
      guardedFetch(
        `http://feeds.rebind.test:${port}/secret`,
        {},
        { settings, resolve: async () => ['127.0.0.1'] },
      ),
    );
    expect(rebound).toBeInstanceOf(OutboundError);
    expect(internal.hits).toEqual([]);
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    const before = allowed.hits.length;
    const error = await failureOf(
      guardedFetch(
        `http://mixed.test:${port}/feed.txt`,
        {},
        { settings, resolve: async () => ['127.0.0.2', '10.0.0.8'] },
      ),
    );
    expect((error as OutboundError).failure).toBe('refused');
    expect((error as OutboundError).message).toContain('mixed.test resolves to 10.0.0.8, a private address');
    expect(allowed.hits).toHaveLength(before);
  });

  it('checks every redirect again: to an internal address, loopback by name, metadata or a mapped form, it stops', async () => {
    for (const path of ['/to-internal', '/to-localhost', '/to-metadata', '/to-mapped']) {
      const error = await failureOf(guardedFetch(`http://127.0.0.2:${port}${path}`, {}, { settings }));
      expect(error, path).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).failure, path).toBe('refused');
    }
    expect(internal.hits).toEqual([]);
  });

  it('follows redirects it may follow, as GET after a 303, and no more than five', async () => {
    const hop = await guardedFetch(
      `http://127.0.0.2:${port}/hop`,
      { method: 'POST', body: 'x' },
      { settings },
    );
    expect(await hop.text()).toBe('198.51.100.7\n');
    const loop = await failureOf(guardedFetch(`http://127.0.0.2:${port}/loop`, {}, { settings }));
    expect((loop as OutboundError).failure).toBe('too_many_redirects');
    const manual = await guardedFetch(
      `http://127.0.0.2:${port}/to-internal`,
      { redirect: 'manual' },
      { settings },
    );
    expect(manual.status).toBe(302);
    expect(internal.hits).toEqual([]);
  });

  it('stops a body past the size limit and an answer past the time limit', async () => {
    const declared = await failureOf(
      guardedFetch(`http://127.0.0.2:${port}/large`, {}, { settings, maxBytes: 1024 }),
    );
    expect((declared as OutboundError).failure).toBe('too_large');
    const chunked = await guardedFetch(
      `http://127.0.0.2:${port}/large-chunked`,
      {},
      { settings, maxBytes: 1024 },
    );
    const error = await failureOf(chunked.text());
    expect((error as OutboundError).failure).toBe('too_large');
    const slow = await failureOf(
      guardedFetch(`http://127.0.0.2:${port}/slow`, {}, { settings, timeoutMs: 200 }),
    );
    expect((slow as OutboundError).failure).toBe('timeout');
  });

  it('names the host, not the address, to TLS (SNI), while connecting to the checked address', async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(new Error('no certificate here'));
      },
    });
    tls.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.2', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    await failureOf(
      guardedFetch(
        `https://feeds.tls.test:${tlsPort}/`,
        {},
        { settings, resolve: async () => ['127.0.0.2'] },
      ),
    );
    await new Promise<void>((resolve) => tls.close(() => resolve()));
    expect(names).toEqual(['feeds.tls.test']);
  });

  it('refuses internal addresses outright when nothing is allowed', async () => {
    const error = await failureOf(guardedFetch(`http://127.0.0.2:${port}/feed.txt`));
    expect((error as OutboundError).message).toContain('127.0.0.2 is a loopback address');
  });
});
