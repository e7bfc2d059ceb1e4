import type { paths } from '../../src/api/schema.d.ts';

/**
 * The fake network of the web tests, installed when this module is imported (import it before
 * anything that loads src/api/client.ts, which captures fetch and Request). The real client and
 * its middleware run; only the server is replaced, answering by the contract's paths.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handler = (request: Request) => Response | Promise<Response>;

/** Routes by method and contract path; `{id}` in a path matches one segment. */
const routes = new Map<string, { pattern: RegExp; handler: Handler }>();
const patternOf = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
/** Every request the app made, in order. */
export const requests: Request[] = [];

const NodeRequest = globalThis.Request;
// openapi-fetch builds Requests from relative paths; a browser resolves them against the page.
// jsdom's AbortSignal is foreign to Node's Request, so a signal is dropped here.
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {};
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, rest);
  }
}
globalThis.Request = PageRequest as typeof Request;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof NodeRequest ? input : new PageRequest(input, init);
  requests.push(request.clone());
  const pathname = new URL(request.url).pathname;
  const exact = routes.get(`${request.method} ${pathname}`);
  const found =
    exact ??
    [...routes.entries()].find(
      ([key, r]) => key.startsWith(`${request.method} `) && r.pattern.test(pathname),
    )?.[1];
  return found
    ? found.handler(request)
    : json({ error: { code: 'not_found', message: 'No fake route' } }, 404);
};

/** Answers `method path` with the handler until reset. */
export function route(method: Method, path: keyof paths, handler: Handler | Response): void {
  routes.set(`${method} ${path}`, {
    pattern: patternOf(path),
    handler: typeof handler === 'function' ? handler : () => handler.clone(),
  });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Forgets routes and recorded requests. */
export function resetNetwork(): void {
  routes.clear();
  requests.length = 0;
}

/** The requests made to a path, by method. */
export const callsTo = (method: Method, path: keyof paths) =>
  requests.filter((r) => r.method === method && patternOf(path).test(new URL(r.url).pathname));
