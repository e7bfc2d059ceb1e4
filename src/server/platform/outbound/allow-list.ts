import ipaddr from 'ipaddr.js';
import type { OutboundSettings } from '../../config.ts';
import { parseAddress } from './addresses.ts';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** OUTBOUND_ALLOW_HOSTS read once: names (exact or `*.` suffix) and address ranges. */
export interface AllowList {
  /** Whether an administrator named this host (its addresses are then not checked). */
  host(hostname: string): boolean;
  /** Whether an administrator allowed this address (it lies in a listed address or CIDR). */
  address(address: string): boolean;
}

const bareName = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

/** IPv4-mapped IPv6 addresses compare as the IPv4 address they are. */
const comparable = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;

export function allowList(settings: OutboundSettings | undefined): AllowList {
  const names: string[] = [];
  const ranges: Range[] = [];
  for (const entry of settings?.allowHosts ?? []) {
    const single = parseAddress(entry);
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry));
    else if (single && /^[0-9a-f:.[\]]+$/i.test(entry)) {
      const address = comparable(single);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else names.push(bareName(entry));
  }
  return {
    host(hostname) {
      const name = bareName(hostname);
      return names.some((n) => (n.startsWith('*.') ? name.endsWith(n.slice(1)) : name === n));
    },
    address(text) {
      const parsed = parseAddress(text);
      if (!parsed) return false;
      const address = comparable(parsed);
      return ranges.some(
        ([base, bits]) => base.kind() === address.kind() && address.match(base as never, bits),
      );
    },
  };
}
