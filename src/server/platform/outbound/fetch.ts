import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import {
  checkedDestination,
  type Destination,
  type DestinationOptions,
  OutboundError,
} from './destination.ts';

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** `follow` (the default) follows up to `maxRedirects`, checking each hop; `manual` answers the 3xx. */
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
}

export interface OutboundOptions extends DestinationOptions {
  /** The whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** A body larger than this stops the read with a `too_large` error. */
  maxBytes?: number;
  maxRedirects?: number;
}

const DEFAULTS = { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
/** Headers that stay with the origin they were meant for. */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * A lookup that answers the checked addresses only: the connection goes where the check looked,
 * whatever a second DNS answer would say now.
 */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}

/** The body as a web stream that errors once it passes `maxBytes`. */
function limitedBody(response: IncomingMessage, maxBytes: number, url: string): ReadableStream<Uint8Array> {
  let read = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (read > maxBytes) {
        controller.error(new OutboundError('too_large', `is larger than ${maxBytes} bytes`, url));
        response.destroy();
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return (Readable.toWeb(response) as ReadableStream<Uint8Array>).pipeThrough(counted);
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** One request to a checked destination, connected to its checked addresses only. */
function exchange(
  destination: Destination,
  init: OutboundInit,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { url, hostname, addresses } = destination;
  const secure = url.protocol === 'https:';
  const options: RequestOptions & { servername?: string } = {
    host: hostname,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    // A fresh connection each time: a pooled one may lead elsewhere than this check looked.
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
  };
  // TLS names the host (SNI) and checks the certificate against it, not against the address.
  if (secure && isIP(hostname) === 0) options.servername = hostname;
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(options, resolve);
    request.on('error', reject);
    request.end(init.body);
  });
}

function responseOf(message: IncomingMessage, url: string, maxBytes: number, method: string): Response {
  const status = message.statusCode ?? 0;
  const headers = headersOf(message);
  const length = Number(headers.get('content-length') ?? 0);
  if (length > maxBytes) {
    message.destroy();
    throw new OutboundError('too_large', `is larger than ${maxBytes} bytes`, url);
  }
  const empty = NULL_BODY.has(status) || method === 'HEAD';
  if (empty) message.resume();
  if (status < 200 || status > 599) {
    message.destroy();
    throw new OutboundError('invalid', `answered an invalid status ${status}`, url);
  }
  const response = new Response(empty ? null : limitedBody(message, maxBytes, url), {
    status,
    statusText: message.statusMessage ?? '',
    headers,
  });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/**
 * Fetches on behalf of data (a feed's address, a lookalike's web page, an RDAP answer): each
 * hop's host resolved and checked (checkedDestination), the connection pinned to the checked
 * addresses, redirects followed by hand and checked again, within a time and a size limit.
 * Rejects with an OutboundError when the guard refuses or stops the exchange.
 */
export async function guardedFetch(
  target: string | URL,
  init: OutboundInit = {},
  options: OutboundOptions = {},
): Promise<Response> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  let url = String(target);
  let hop: OutboundInit = { ...init };
  const origin = () => new URL(url).origin;
  for (let redirects = 0; ; redirects++) {
    const destination = await checkedDestination(url, options);
    url = destination.url.href;
    let message: IncomingMessage;
    try {
      message = await exchange(destination, hop, signal);
    } catch (error) {
      if (deadline.aborted) throw new OutboundError('timeout', `did not answer within ${timeoutMs} ms`, url);
      throw error;
    }
    const location = message.headers.location;
    const status = message.statusCode ?? 0;
    if (hop.redirect === 'manual' || !REDIRECTS.has(status) || !location)
      return responseOf(message, url, maxBytes, hop.method ?? 'GET');
    message.resume();
    if (redirects >= maxRedirects)
      throw new OutboundError('too_many_redirects', `redirected more than ${maxRedirects} times`, url);
    let next: string;
    try {
      next = new URL(location, url).href;
    } catch {
      throw new OutboundError('invalid', `redirected to an invalid address ${location}`, url);
    }
    const before = origin();
    const method = hop.method ?? 'GET';
    const asGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
    hop = { ...hop, ...(asGet ? { method: 'GET', body: undefined } : {}) };
    url = next;
    if (new URL(next).origin !== before && hop.headers) {
      const headers = { ...hop.headers };
      for (const name of Object.keys(headers))
        if (CREDENTIALS.includes(name.toLowerCase())) delete headers[name];
      hop = { ...hop, headers };
    }
  }
}
