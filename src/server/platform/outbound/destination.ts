import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { OutboundSettings } from '../../config.ts';
import { refusedRange } from './addresses.ts';
import { allowList } from './allow-list.ts';

/** Every address a name has (A and AAAA); an empty list or a rejection when it has none. */
export type Resolve = (hostname: string) => Promise<string[]>;

export interface DestinationOptions {
  /** OUTBOUND_ALLOW_HOSTS; unset, nothing internal is allowed. */
  settings?: OutboundSettings | undefined;
  /** How names are resolved; the system's resolver (hosts file included) unless given. */
  resolve?: Resolve | undefined;
}

export type OutboundFailure =
  /** Not an http(s) address. */
  | 'invalid'
  /** The host is, or resolves to, an address requests must not go to. */
  | 'refused'
  /** The host name has no address (or the resolver did not answer). */
  | 'unresolved'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout';

/** A request the outbound guard did not make, or stopped; `reason` reads after the address. */
export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    readonly reason: string,
    readonly url: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'OutboundError';
  }
}

/** A checked destination: the host to name (Host header, TLS server name) and the addresses to connect to. */
export interface Destination {
  url: URL;
  /** The URL's host name, brackets of an IPv6 literal removed. */
  hostname: string;
  /** Every address the name had, each checked; connections go to these only. */
  addresses: string[];
}

const RESOLVE_TIMEOUT_MS = 5000;
const UNLESS_ALLOWED =
  'the server does not send requests to internal addresses unless OUTBOUND_ALLOW_HOSTS allows them';

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

async function resolveWithin(resolve: Resolve, hostname: string, url: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OutboundError('unresolved', `${hostname} did not resolve in time`, url)),
      RESOLVE_TIMEOUT_MS,
    );
  });
  try {
    const addresses = await Promise.race([resolve(hostname), late]);
    if (addresses.length === 0) throw new OutboundError('unresolved', `${hostname} has no address`, url);
    return addresses;
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('unresolved', `${hostname} does not resolve`, url);
  } finally {
    clearTimeout(timer);
  }
}

/** Parses an address the guard may request: http or https only. */
export function parseOutboundUrl(text: string | URL): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('invalid', 'is not a valid address', String(text));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('invalid', 'must start with http:// or https://', url.href);
  return url;
}

/**
 * Resolves the URL's host (every A and AAAA) and refuses it when ANY address is internal, unless
 * an administrator allowed the host by name or the address by range. An address literal in any
 * notation (decimal `2130706433`, hex `0x7f.1`, octal `0177.0.0.1`) is read by the URL parser as
 * the dotted address it means before it is checked.
 */
export async function checkedDestination(
  text: string | URL,
  options: DestinationOptions = {},
): Promise<Destination> {
  const url = parseOutboundUrl(text);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname) !== 0;
  const addresses = literal
    ? [hostname]
    : await resolveWithin(options.resolve ?? systemResolve, hostname, url.href);
  const allowed = allowList(options.settings);
  if (!literal && allowed.host(hostname)) return { url, hostname, addresses };
  for (const address of addresses) {
    if (allowed.address(address)) continue;
    const refused = refusedRange(address);
    if (!refused) continue;
    const what = literal
      ? `${hostname} is ${refused.description}`
      : `${hostname} resolves to ${address}, ${refused.description}`;
    throw new OutboundError('refused', `${what}: ${UNLESS_ALLOWED}`, url.href);
  }
  return { url, hostname, addresses };
}

/** What checking an address to be saved found: nothing wrong, or why it is refused. */
export type UrlVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Checks an address before it is saved (a feed's URL, later a webhook's): refused when it is
 * not http(s), or is or resolves to an internal address. A name that does not resolve now is
 * accepted: it is checked again, like every address, when the request is made.
 */
export async function checkOutboundUrl(text: string, options: DestinationOptions = {}): Promise<UrlVerdict> {
  try {
    await checkedDestination(text, options);
    return { ok: true };
  } catch (error) {
    if (error instanceof OutboundError && error.failure !== 'unresolved')
      return { ok: false, reason: error.reason };
    if (error instanceof OutboundError) return { ok: true };
    throw error;
  }
}
