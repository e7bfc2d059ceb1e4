/**
 * The settings of an integration that may leave the server, per kind: what the integrations
 * screens and an alert's detail (its integration) show. An allowlist, not a filter of
 * secret-looking names: a setting nobody listed here (a webhook address with a token in it, a
 * connection string) stays on the server. Credentials are not settings at all: they are sealed in
 * the `secrets` column. It lives outside the areas so that alerts read it without importing the
 * integrations area, which raises alerts through theirs. A unit test holds the configurable
 * kinds' lists to their declared fields.
 */
export const PUBLIC_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  // Kinds configured in the console: every field not marked secret.
  webhook: ['tenant', 'mapping'],
  syslog_cef: ['format', 'min_severity'],
  microsoft_defender_xdr: [
    'tenant_id',
    'client_id',
    'login_url',
    'graph_url',
    'defender_api_url',
    'poll_interval_seconds',
  ],
  slack: [],
  microsoft_teams: [],
  pagerduty: ['events_url'],
  http: ['url', 'method'],
  // Seeded products, shown but not edited here.
  microsoft_defender: ['region', 'poll_interval_seconds', 'tenant_id', 'client_id'],
  entra_id: ['region', 'poll_interval_seconds', 'tenant_id', 'client_id'],
  microsoft_365: ['region', 'poll_interval_seconds', 'tenant_id', 'client_id'],
  webroot: ['region', 'poll_interval_seconds', 'site_id', 'console_url'],
  acronis_edr: ['region', 'poll_interval_seconds', 'client_id', 'datacenter_url'],
  email_security: ['region', 'poll_interval_seconds', 'gateway_host'],
};

/** Any other kind shows only these. */
const EVERY_KIND = ['region', 'poll_interval_seconds'];

export function publicSettings(kind: string, settings: Record<string, unknown>): Record<string, unknown> {
  const allowed = new Set(PUBLIC_SETTINGS[kind] ?? EVERY_KIND);
  return Object.fromEntries(Object.entries(settings).filter(([name]) => allowed.has(name)));
}
