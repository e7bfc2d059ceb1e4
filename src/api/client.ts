import createClient, { type Middleware } from 'openapi-fetch';
import { errorMiddleware } from '../web/api/errors.ts';
import type { paths } from './schema.d.ts';

/** Status codes that end the session and restart sign-in (spec 1, section 4.1 step 7). */
export const WATCHED_STATUSES = [401, 403] as const;

export interface ApiHooks {
  /** The current access token, or null when signed out. */
  token(): string | null;
  /** Called when a watched call answers 401 or 403. */
  onWatchedStatus(status: number, path: string): void;
}

let hooks: ApiHooks = { token: () => null, onWatchedStatus: () => undefined };

/** The session layer installs its hooks once at start-up. */
export function setApiHooks(next: ApiHooks) {
  hooks = next;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths whose 401/403 is an answer, not an expired session: the token exchange, the user call
 * (401/403 tolerated), the admin detection call (403 means "not an admin") and the platform
 * updates (spec 2, section 8: 401 and 403 tolerated; the updates are then simply not shown).
 */
const UNWATCHED = ['/api/auth/', '/api/support/v1/meta/tasks', '/api/updates/'];

const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const token = hooks.token();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    if (UNSAFE.has(request.method)) {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
    }
    return request;
  },
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    if (
      (WATCHED_STATUSES as readonly number[]).includes(response.status) &&
      !UNWATCHED.some((p) => path.startsWith(p))
    ) {
      hooks.onWatchedStatus(response.status, path);
    }
    return response;
  },
};

/**
 * The one API client of the web app; every call goes through it. A failed call throws an
 * ApiError (errorMiddleware); answers pass the session middleware first (onResponse runs in
 * reverse order), so a 401/403 ends the session before its error is thrown.
 */
export const api = createClient<paths>({ baseUrl: '/', credentials: 'include' });
api.use(errorMiddleware, sessionMiddleware);

/** The error body every failed call carries (DESIGN section 3). */
export type ApiErrorBody = {
  error: { code: string; message: string; details?: { field: string; reason: string }[] };
};
