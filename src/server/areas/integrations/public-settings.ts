import { kindOf } from './kinds/index.ts';

/**
 * The settings of an integration that may leave the server, per kind. An allowlist, not a filter
 * of secret-looking names: a setting nobody listed here (a webhook address with a token in it, a
 * connection string) stays on the server. Credentials are not settings at all: they are sealed in
 * the `secrets` column.
 */
const EVERY_KIND = ['region', 'poll_interval_seconds'];

const BY_KIND: Readonly<Record<string, readonly string[]>> = {
  microsoft_defender: ['tenant_id', 'client_id'],
  entra_id: ['tenant_id', 'client_id'],
  microsoft_365: ['tenant_id', 'client_id'],
  webroot: ['site_id', 'console_url'],
  acronis_edr: ['client_id', 'datacenter_url'],
  email_security: ['gateway_host'],
};

export function publicSettings(kind: string, settings: Record<string, unknown>): Record<string, unknown> {
  // A kind configured here lists its own fields: the ones not marked secret may leave.
  const declared = kindOf(kind)
    ?.fields.filter((field) => !field.secret)
    .map((field) => field.name);
  const allowed = new Set(declared ?? [...EVERY_KIND, ...(BY_KIND[kind] ?? [])]);
  return Object.fromEntries(Object.entries(settings).filter(([name]) => allowed.has(name)));
}
