import { describe, expect, it } from 'vitest';
import { freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';

// The network is typed by the contract: each @ts-expect-error below is checked by `tsc`, so a
// fake that stopped catching a wrong path, status or body would fail the typecheck.
function typeChecks() {
  const network = freshNetwork();
  // @ts-expect-error: not a path of the contract
  network.on('get', '/api/no-such-path', { status: 200, body: null });
  // @ts-expect-error: /api/user/ has no POST
  network.on('post', '/api/user/', { status: 200, body: null });
  // @ts-expect-error: a status the operation does not declare
  network.on('get', '/api/auth/token', { status: 418, body: null });
  network.on('get', '/api/auth/token', {
    status: 200,
    // @ts-expect-error: a body of the wrong shape
    body: { token: 'x' },
  });
  network.on('get', '/api/auth/token', {
    status: 200,
    body: { access_token: 'x', token_type: 'Bearer', expires_in: 1 },
  });
}
void typeChecks;

describe('the typed fake network', () => {
  it('answers a route, path parameters and query included, and records the typed request', async () => {
    const network = freshNetwork();
    network.on('put', '/api/cases/v1/cases/{id}', (call) => ({
      status: 409 as const,
      body: { error: { code: 'conflict', message: `case ${call.params.id} changed` } },
    }));
    const response = await fetch('/api/cases/v1/cases/7?x=1', {
      method: 'PUT',
      body: JSON.stringify({ version: 3, title: 'New' }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'conflict', message: 'case 7 changed' } });
    const [call] = network.callsTo('put', '/api/cases/v1/cases/{id}');
    expect(call!.body).toEqual({ version: 3, title: 'New' });
    expect(call!.query.get('x')).toBe('1');
  });

  it('holds an unanswered request until the test answers or fails it', async () => {
    const network = freshNetwork();
    const pending = fetch('/api/user/');
    expect(await Promise.race([pending.then(() => 'answered'), Promise.resolve('waiting')])).toBe('waiting');
    await network.respond('get', '/api/user/', {
      status: 401,
      body: { error: { code: 'unauthorized', message: 'No session' } },
    });
    expect((await pending).status).toBe(401);
    const failing = expect(fetch('/api/auth/config')).rejects.toThrow('Failed to fetch');
    await network.fail('get', '/api/auth/config');
    await failing;
    await expect(network.respond('get', '/api/user/', new Response(null))).rejects.toThrow(
      'no get /api/user/ request is waiting',
    );
  });

  it('answers 404 to what no route answers when asked to, as tests of whole pages want', async () => {
    freshNetwork({ unmatched: 'not-found' });
    expect((await fetch('/api/alerts/v1/alerts/')).status).toBe(404);
  });
});

describe('the typed fake network and aborts', () => {
  it('rejects an aborted request with AbortError and stops holding it', async () => {
    const network = freshNetwork();
    const controller = new AbortController();
    const call = expect(
      fetch('/api/search/omnibox?query=x', { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    await settleMicrotasks();
    expect(network.waiting()).toEqual(['get /api/search/omnibox']);
    controller.abort();
    await call;
    expect(network.waiting()).toEqual([]);
  });
});
