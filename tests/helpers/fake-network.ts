import type { ApiErrorBody } from '../../src/api/client.ts';
import type { paths } from '../../src/api/schema.d.ts';

/**
 * A fetch stand-in typed by the API contract (src/api/schema.d.ts): routes are `paths` keys,
 * answers are the bodies the contract declares for each status, and recorded request bodies
 * have the operation's request type. A wrong path, status or body shape is a type error.
 *
 * The web app's one API client (src/api/client.ts) captures fetch and Request when it is
 * created, so importing this module installs a trampoline that forwards to the current network;
 * import it before anything that loads the client (or from `vi.hoisted`). The real client and
 * its middleware run; only the server is replaced.
 *
 * A request no route answers is held until the test settles it with `respond` (or `fail`): a
 * test can then look at the state the app is in while the call is under way. `freshNetwork`
 * with `{ unmatched: 'not-found' }` answers such requests 404 instead.
 */

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The contract's paths that have an operation for `method`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends Record<string, unknown> ? P : never;
}[keyof paths];

export type Operation<M extends Method, P extends PathWith<M>> = NonNullable<paths[P][M]>;

type Responses<O> = O extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : null;

/** One answer the contract declares for the operation: its status and JSON body. */
export type Reply<M extends Method, P extends PathWith<M>> = {
  [S in keyof Responses<Operation<M, P>>]: {
    status: S;
    body: JsonOf<Responses<Operation<M, P>>[S]>;
    headers?: Record<string, string>;
  };
}[keyof Responses<Operation<M, P>>];

/** The operation's JSON request body, or undefined when it takes none. */
export type RequestBody<M extends Method, P extends PathWith<M>> =
  Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;

/** A request as the server would have seen it, its body parsed. */
export interface Call<M extends Method, P extends PathWith<M>> {
  method: M;
  path: P;
  /** The path's `{name}` parameters, as strings. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  body: RequestBody<M, P>;
}

type AnyCall = Call<Method, never> & { url: URL; pathname: string };
type Answer = Response | { status: number | string; body: unknown; headers?: Record<string, string> };
type Handler = (call: AnyCall) => Answer | Promise<Answer>;

interface Route {
  method: Method;
  path: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

interface Held {
  call: AnyCall;
  route: { method: Method; path: string } | null;
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** `{ "status": …, "body": … }` as the Response the server would send. */
function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const status = Number(answer.status);
  const empty = answer.body === null || answer.body === undefined || status === 204;
  return new Response(empty ? null : JSON.stringify(answer.body), {
    status,
    headers: { ...(empty ? {} : { 'content-type': 'application/json' }), ...answer.headers },
  });
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The page address relative calls resolve against (the test DOM's, or a stand-in under node). */
const pageAddress = () => globalThis.location?.href ?? 'http://localhost/';

export class FakeNetwork {
  private readonly routes: Route[] = [];
  private readonly held: Held[] = [];
  /** Every request the app made, in order. */
  readonly calls: AnyCall[] = [];

  constructor(private readonly unmatched: 'hold' | 'not-found' = 'hold') {}

  /** Answers `method path` (a contract path, `{param}`s included) with the handler until reset. */
  on<M extends Method, P extends PathWith<M>>(
    method: M,
    path: P,
    handler:
      | Reply<M, P>
      | Response
      | ((call: Call<M, P>) => Reply<M, P> | Response | Promise<Reply<M, P> | Response>),
  ): this {
    const answer: Handler =
      typeof handler === 'function'
        ? (handler as unknown as Handler)
        : () => (handler instanceof Response ? handler.clone() : (handler as Answer));
    this.routes.unshift({ method, path, ...compile(path), handler: answer });
    return this;
  }

  /** The requests made to a contract path, with their typed bodies and the path's parameters. */
  callsTo<M extends Method, P extends PathWith<M>>(method: M, path: P): Call<M, P>[] {
    const { pattern, names } = compile(path);
    return this.calls
      .filter((c) => c.method === method && pattern.test(c.pathname))
      .map((c) => {
        const match = pattern.exec(c.pathname)!;
        const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
        return { ...c, params };
      }) as unknown as Call<M, P>[];
  }

  /** Requests no route answered, still waiting, as `"get /api/user/"`. */
  waiting(): string[] {
    return this.held.map((h) => `${h.call.method} ${h.route?.path ?? h.call.pathname}`);
  }

  /** Whether a request to the contract path is waiting for its answer. */
  isWaiting<M extends Method, P extends PathWith<M>>(method: M, path: P): boolean {
    return this.findHeld(method, path) >= 0;
  }

  /**
   * Answers every request waiting on the path, oldest first; throws when none waits. Requests of
   * actors that have stopped since (a restarted load, say) are answered too, and go nowhere.
   */
  async respond<M extends Method, P extends PathWith<M>>(
    method: M,
    path: P,
    reply: Reply<M, P> | Response,
  ): Promise<void> {
    for (const held of await this.takeHeld(method, path)) held.resolve(toResponse(reply as Answer));
    await settleMicrotasks();
  }

  /**
   * Fails the requests waiting on the path the way an unreachable server does, or with `error`
   * (an AbortError from elsewhere, say).
   */
  async fail<M extends Method, P extends PathWith<M>>(
    method: M,
    path: P,
    error: unknown = new TypeError('Failed to fetch'),
  ): Promise<void> {
    for (const held of await this.takeHeld(method, path)) held.reject(error);
    await settleMicrotasks();
  }

  /** The fetch the app's client calls. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url, pageAddress());
    const method = request.method.toLowerCase() as Method;
    const text = await request.clone().text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const base = { method, url, pathname: url.pathname, query: url.searchParams, headers: request.headers };
    const route = this.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    const params = route
      ? Object.fromEntries(
          route.names.map((n, i) => [n, decodeURIComponent(route.pattern.exec(url.pathname)![i + 1]!)]),
        )
      : {};
    const call = { ...base, params, body } as unknown as AnyCall;
    this.calls.push(call);
    if (route) return toResponse(await route.handler(call));
    if (this.unmatched === 'not-found') {
      return toResponse({ status: 404, body: { error: { code: 'not_found', message: 'No fake route' } } });
    }
    const signal = (request as Partial<PageRequest>).pageSignal ?? init?.signal ?? null;
    return new Promise<Response>((resolve, reject) => {
      const held: Held = { call, route: null, resolve, reject };
      this.held.push(held);
      // An aborted call rejects the way fetch does, and no longer waits for an answer.
      signal?.addEventListener('abort', () => {
        const index = this.held.indexOf(held);
        if (index >= 0) this.held.splice(index, 1);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  };

  private findHeld(method: Method, path: string): number {
    const { pattern } = compile(path);
    return this.held.findIndex((h) => h.call.method === method && pattern.test(h.call.pathname));
  }

  /** The requests waiting on the path, once the app's promise chains have had their turn. */
  private async takeHeld(method: Method, path: string): Promise<Held[]> {
    for (let round = 0; this.findHeld(method, path) < 0 && round < 5; round++) await settleMicrotasks();
    if (this.findHeld(method, path) < 0) {
      throw new Error(
        `no ${method} ${path} request is waiting (waiting: ${this.waiting().join(', ') || 'none'})`,
      );
    }
    const { pattern, names } = compile(path);
    const taken = this.held.filter((h) => h.call.method === method && pattern.test(h.call.pathname));
    for (const held of taken) {
      this.held.splice(this.held.indexOf(held), 1);
      const match = pattern.exec(held.call.pathname)!;
      held.call.params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    }
    return taken;
  }
}

/** Lets promise chains started by an answer (the client, the actor, the machine) run to their end. */
export async function settleMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

let current: FakeNetwork | null = null;

/** A fresh network that the app's fetch goes to from now on. */
export function freshNetwork(options: { unmatched?: 'hold' | 'not-found' } = {}): FakeNetwork {
  current = new FakeNetwork(options.unmatched);
  return current;
}

// openapi-fetch builds Requests from relative addresses, which Node's Request refuses, and the test DOM's
// AbortSignal is foreign to Node's Request: resolve against the page and drop the signal.
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  /** The caller's signal, kept aside: the fake network honours it (an aborted call rejects). */
  readonly pageSignal: AbortSignal | null;
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal, ...rest } = init ?? {};
    super(typeof input === 'string' ? new URL(input, pageAddress()) : input, rest);
    this.pageSignal = signal ?? (input instanceof PageRequest ? input.pageSignal : null);
  }
}
globalThis.Request = PageRequest as typeof Request;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  if (!current) throw new Error('fetch called with no fake network: call freshNetwork() first');
  return current.fetch(input, init);
};

const ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/**
 * A failed answer with the error body every failed call carries (DESIGN section 3), for any
 * status, the undeclared 500 of a broken server included.
 */
export function apiError(status: number, message: string): Response {
  const body: ApiErrorBody = { error: { code: ERROR_CODES[status] ?? 'internal', message } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
