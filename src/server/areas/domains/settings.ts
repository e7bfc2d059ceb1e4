import { type OutboundSettings, outboundSettings } from '../../config.ts';

/** What lookalike scans read from the environment (README, configuration table). */
export interface LookalikeSettings {
  /** DNS_RESOLVER: `host` or `host:port` of the resolver to ask; unset, the system's. */
  resolver: string | undefined;
  /** RDAP_BASE_URL: where registration dates are asked (`<base>/domain/<name>`); unset, no age. */
  rdapBaseUrl: string | undefined;
  /** GEOIP_DATABASE: a MaxMind (GeoLite2/GeoIP2 Country or City) file; unset, no country. */
  geoipDatabase: string | undefined;
  /** LOOKALIKE_HTTP_PORT: where a lookalike's web page is looked for. */
  httpPort: number;
  /**
   * TOP_SITES_FILE: a top-sites list (Tranco CSV `rank,domain`, or one name a line) whose rank is
   * a lookalike's popularity; unset, popularity comes from the indicator store only, else unknown.
   */
  topSitesFile?: string | undefined;
  /**
   * OUTBOUND_ALLOW_HOSTS: the internal hosts web-page probes and RDAP may reach; unset, a
   * lookalike that resolves to an internal address is recorded without being contacted.
   */
  outbound?: OutboundSettings | undefined;
}

export function lookalikeSettings(env: NodeJS.ProcessEnv = process.env): LookalikeSettings {
  const port = Number(env.LOOKALIKE_HTTP_PORT ?? 80);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`LOOKALIKE_HTTP_PORT must be a port number, got ${env.LOOKALIKE_HTTP_PORT}`);
  return {
    resolver: env.DNS_RESOLVER || undefined,
    rdapBaseUrl: env.RDAP_BASE_URL?.replace(/\/+$/, '') || undefined,
    geoipDatabase: env.GEOIP_DATABASE || undefined,
    httpPort: port,
    topSitesFile: env.TOP_SITES_FILE || undefined,
    outbound: outboundSettings(env),
  };
}
