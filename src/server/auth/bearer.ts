/** The credential in an `Authorization: Bearer <credential>` header, or null when there is none. */
export function bearerOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null;
}

/**
 * Bearers of this form are browser connector credentials, `wfc_<credential_id>.<secret>`
 * (areas/connectors): kept here with the reading of bearers, so the plugins that sort callers by
 * their credential need not load the connectors area, whose handlers load those plugins.
 */
export const CONNECTOR_PREFIX = 'wfc_';
