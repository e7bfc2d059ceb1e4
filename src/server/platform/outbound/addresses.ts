import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Where a refused address lies, for the reason a person reads. */
export interface RefusedRange {
  /** `loopback`, `private`, `metadata`…: the kind of range. */
  range: string;
  /** "a loopback address", "an IPv6 form of 10.0.0.1, a private address". */
  description: string;
}

/** Cloud instance metadata services, named apart so the reason says what they are. */
const METADATA = new Set(
  ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'].map((a) =>
    ipaddr.parse(a).toNormalizedString(),
  ),
);

const IPV4_REFUSED: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
};

const IPV6_NAMED: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
};

const PUBLIC_IPV6 = new Set(['unicast', 'as112v6', 'amt']);

const cidr = (text: string) => ipaddr.parseCIDR(text) as [ipaddr.IPv6, number];
const GLOBAL_UNICAST = cidr('2000::/3');
const MAPPED = cidr('::ffff:0:0/96');
const TRANSLATED = cidr('::ffff:0:0:0/96');
const NAT64 = cidr('64:ff9b::/96');
const SIX_TO_FOUR = cidr('2002::/16');
const TEREDO = cidr('2001::/32');

const v4 = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);

/** The IPv4 addresses an IPv6 address carries and reaches (mapped, translated, NAT64, 6to4, Teredo). */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  if (address.match(MAPPED) || address.match(TRANSLATED) || address.match(NAT64)) return [v4(p[6]!, p[7]!)];
  if (address.match(SIX_TO_FOUR)) return [v4(p[1]!, p[2]!)];
  // Teredo: the server's address, and the client's, stored inverted.
  if (address.match(TEREDO)) return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
  return null;
}

function refusedIPv4(address: ipaddr.IPv4): RefusedRange | null {
  if (METADATA.has(address.toString())) return { range: 'metadata', description: 'a cloud metadata address' };
  const range = address.range();
  const description = IPV4_REFUSED[range];
  return description ? { range, description } : null;
}

function refusedIPv6(address: ipaddr.IPv6): RefusedRange | null {
  if (METADATA.has(address.toNormalizedString()))
    return { range: 'metadata', description: 'a cloud metadata address' };
  const embedded = embeddedIPv4(address);
  if (embedded) {
    for (const inner of embedded) {
      const refused = refusedIPv4(inner);
      if (refused)
        return {
          range: refused.range,
          description: `an IPv6 form of ${inner.toString()}, ${refused.description}`,
        };
    }
    return null;
  }
  const range = address.range();
  const named = IPV6_NAMED[range];
  if (named) return { range, description: named };
  // Only global unicast space outside the special-purpose blocks is somewhere on the internet
  // (AS112 and AMT are public anycast services).
  if (!PUBLIC_IPV6.has(range) || !address.match(GLOBAL_UNICAST))
    return { range: 'reserved', description: 'a reserved address' };
  return null;
}

/** Parses an address in any notation ipaddr.js reads (dotted, decimal, octal, hex, IPv6). */
export function parseAddress(text: string): Address | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/**
 * Why a request must not go to this address, or null when it is a public one: loopback,
 * unspecified, link-local, private and unique-local, carrier-grade NAT, multicast, broadcast,
 * reserved, cloud metadata, and IPv6 forms (mapped, translated, NAT64, 6to4, Teredo) of any of
 * those. Text that is no address is refused as such.
 */
export function refusedRange(text: string): RefusedRange | null {
  const address = parseAddress(text);
  if (!address) return { range: 'invalid', description: 'not an address' };
  return address.kind() === 'ipv4'
    ? refusedIPv4(address as ipaddr.IPv4)
    : refusedIPv6(address as ipaddr.IPv6);
}
