import type { OutboundSettings } from '../../../config.ts';
import { guardedFetch, OutboundError } from '../../../platform/outbound/index.ts';
import { IntegrationSendError } from '../send-error.ts';

/** The scope of an app-only token for Microsoft Graph (the resource's own name, whatever the address). */
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** Throttled answers waited out before the call is given up. */
const MAX_ATTEMPTS = 4;
/** The longest Retry-After honoured; a longer one fails the call and the next pull tries again. */
const MAX_WAIT_MS = 60_000;

export interface GraphSettings {
  login_url: string;
  graph_url: string;
  client_id: string;
}

export interface GraphOptions {
  outbound: OutboundSettings;
  /** The token's resource: Microsoft Graph unless another API of the same sign-in is called. */
  scope?: string;
  /** Waits out a Retry-After; tests pass one that records the wait instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const trimmed = (url: string) => url.replace(/\/+$/, '');

/** What Graph or the sign-in said, shortened: its error code and the first line of its description. */
async function reasonOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: string | { code?: string; message?: string };
      error_description?: string;
    };
    if (typeof body.error === 'string')
      return `${body.error}: ${(body.error_description ?? '').split(/\r?\n/)[0]!.slice(0, 200)}`;
    if (body.error) return `${body.error.code ?? 'error'}: ${(body.error.message ?? '').slice(0, 200)}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return text.slice(0, 120);
}

/** Seconds or an HTTP date, as Retry-After says; one second when it says nothing usable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

/**
 * Microsoft Graph for one tenant, app-only: a client-credentials token from the sign-in address,
 * renewed once when Graph answers 401; throttled answers (429, 503) waited out by Retry-After.
 * Every request goes through the outbound guard, and the token is sent to the Graph address only
 * (a next link elsewhere is refused).
 */
export class GraphClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: GraphSettings,
    private readonly clientSecret: string,
    readonly tenantId: string,
    private readonly options: GraphOptions,
  ) {}

  private async fetch(
    url: string,
    init: { method?: string; headers: Record<string, string>; body?: string },
  ) {
    try {
      return await guardedFetch(
        url,
        { ...init, redirect: 'manual' },
        {
          settings: this.options.outbound,
          timeoutMs: this.options.timeoutMs ?? 30_000,
          maxBytes: 16 * 1024 * 1024,
        },
      );
    } catch (error) {
      const host = new URL(url).host;
      if (error instanceof OutboundError)
        throw new IntegrationSendError(
          error.failure === 'refused' ? 'refused' : 'failed',
          `${host} ${error.reason}`,
        );
      throw new IntegrationSendError('failed', `${host} did not answer: ${(error as Error).message}`);
    }
  }

  private async accessToken(renew: boolean): Promise<string> {
    if (!renew && this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const url = `${trimmed(this.settings.login_url)}/${encodeURIComponent(this.tenantId)}/oauth2/v2.0/token`;
    const response = await this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.settings.client_id,
        client_secret: this.clientSecret,
        scope: this.options.scope ?? GRAPH_SCOPE,
        grant_type: 'client_credentials',
      }).toString(),
    });
    if (!response.ok)
      throw new IntegrationSendError(
        'failed',
        `${new URL(url).host} refused the client credentials for tenant ${this.tenantId} (${response.status} ${await reasonOf(response)})`,
        response.status,
      );
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new IntegrationSendError(
        'failed',
        `${new URL(url).host} gave no access token for tenant ${this.tenantId}`,
      );
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  /** GETs a Graph path (`/v1.0/...`) or one of its next links, as JSON. */
  get<T>(pathOrUrl: string): Promise<T> {
    return this.call<T>('GET', pathOrUrl);
  }

  /** POSTs JSON to a path of the API, answering its JSON. */
  post<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('POST', path, JSON.stringify(body));
  }

  private async call<T>(method: 'GET' | 'POST', pathOrUrl: string, body?: string): Promise<T> {
    const base = new URL(trimmed(this.settings.graph_url));
    const url = new URL(pathOrUrl, base);
    if (url.origin !== base.origin)
      throw new IntegrationSendError('refused', `${base.host} sent a next link to ${url.host}`);
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken(false);
      const response = await this.fetch(url.href, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body }),
      });
      if (response.ok) return (await response.json()) as T;
      if (response.status === 401 && !renewed) {
        await response.body?.cancel();
        renewed = true;
        await this.accessToken(true);
        attempt--;
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < MAX_ATTEMPTS) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        await response.body?.cancel();
        if (waitMs > MAX_WAIT_MS)
          throw new IntegrationSendError(
            'failed',
            `${url.host} asked to wait ${Math.ceil(waitMs / 1000)} s (${response.status})`,
          );
        await (this.options.wait ?? sleep)(waitMs);
        continue;
      }
      throw new IntegrationSendError(
        'failed',
        `${url.host} answered ${response.status} for tenant ${this.tenantId} (${await reasonOf(response)})`,
        response.status,
      );
    }
  }

  /** Every page of a collection, following `@odata.nextLink`. */
  async *pages<T>(path: string): AsyncGenerator<T[]> {
    let next: string | undefined = path;
    while (next) {
      const page: { value?: T[]; '@odata.nextLink'?: string } = await this.get(next);
      yield page.value ?? [];
      next = page['@odata.nextLink'];
    }
  }
}
