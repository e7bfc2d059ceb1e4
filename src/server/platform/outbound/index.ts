/**
 * The outbound guard: every request the server makes on behalf of data goes through it (a threat
 * feed's address, a lookalike's web page, RDAP look-ups and the redirects they send, and later
 * webhooks and integrations). It resolves the host first, refuses loopback, link-local, private,
 * carrier-grade NAT, multicast, broadcast, reserved and cloud metadata addresses (IPv4, IPv6 and
 * the IPv6 forms that carry an IPv4 address), connects only to the addresses it checked, and
 * checks again after every redirect. OUTBOUND_ALLOW_HOSTS lets an administrator allow named
 * hosts or address ranges.
 *
 * Services the operator configures, rather than data, are not routed through it: Have I Been
 * Pwned (HIBP_API_URL), SMTP (SMTP_URL) and the external OpenID Connect issuer (OIDC_ISSUER).
 * Asking the DNS resolver about a lookalike is not a request to it and is not guarded either.
 */
export { type RefusedRange, refusedRange } from './addresses.ts';
export {
  checkedDestination,
  checkOutboundUrl,
  type DestinationOptions,
  OutboundError,
  type OutboundFailure,
  type Resolve,
  type UrlVerdict,
} from './destination.ts';
export { guardedFetch, type OutboundInit, type OutboundOptions } from './fetch.ts';
