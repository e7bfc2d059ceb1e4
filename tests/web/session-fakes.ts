import type { components, paths } from '../../src/api/schema.d.ts';

/**
 * A fake network for the session's React tests, installed when this module is imported (import
 * it before anything that loads src/api/client.ts, which captures fetch and Request). The real
 * client and its middleware run; only the server is replaced. Bodies are typed by the contract.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handler = (request: Request) => Response | Promise<Response>;

const routes = new Map<string, Handler>();
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
  const handler = routes.get(`${request.method} ${new URL(request.url).pathname}`);
  return handler ? handler(request) : json({ error: { code: 'not_found', message: 'No fake route' } }, 404);
};

/** Answers `method path` with the handler until reset. */
export function route(method: Method, path: keyof paths, handler: Handler | Response): void {
  routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler.clone());
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
  requests.filter((r) => r.method === method && new URL(r.url).pathname === path);

export const AUTH_CONFIG: components['schemas']['AuthConfig'] = {
  authorization_endpoint: 'http://localhost:3000/idp/auth',
  end_session_endpoint: 'http://localhost:3000/idp/session/end',
  client_id: 'watchfloor-console',
  scope: 'openid email profile roles watchfloor',
  issuer: 'http://localhost:3000/idp',
};

export function currentUser(
  overrides: Partial<components['schemas']['CurrentUserResponse']['user']> = {},
  permissions: string[] = ['global_user', 'read_all', 'read_integration'],
): components['schemas']['CurrentUserResponse'] {
  return {
    user: {
      contact_id: '00000000-0000-4000-8000-000000000001',
      email: 'analyst@watchfloor.example',
      name: 'Ana Lyst',
      role_level: 'Global',
      admin: false,
      impersonator: null,
      ...overrides,
    },
    partner: {
      partner_id: '00000000-0000-4000-8000-0000000000aa',
      name: 'MSSP',
      created_source: null,
      data: {},
      return_url: null,
    },
    permissions,
    attributes: { locale: 'en-GB' },
  };
}

export const token = (access_token: string): components['schemas']['Token'] => ({
  access_token,
  token_type: 'Bearer',
  expires_in: 3600,
});

/** The stored session object, as the browser keeps it. */
export const stored = () =>
  JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}') as Record<string, unknown>;
