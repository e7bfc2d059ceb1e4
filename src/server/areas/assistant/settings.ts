import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import type { AssistantSettings } from '../../config.ts';
import { refusedRange } from '../../platform/outbound/index.ts';

export type AssistantStatus = components['schemas']['AssistantStatus'];
export type EndpointPolicy = 'any' | 'local_only';

/** The provider's switch (`aviator_enabled`) and its endpoint policy, kept in the partner's data. */
export function providerSettings(partnerData: Record<string, unknown>): {
  enabled: boolean;
  policy: EndpointPolicy;
} {
  return {
    enabled: partnerData.aviator_enabled === true,
    policy: partnerData.assistant_policy === 'local_only' ? 'local_only' : 'any',
  };
}

/**
 * Whether the endpoint is on the provider's own network: every address it resolves to is one the
 * outbound guard counts as internal (loopback, private, link-local…). A name that does not
 * resolve is not known to be local.
 */
export async function isLocalEndpoint(baseUrl: string): Promise<boolean> {
  const hostname = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses =
      isIP(hostname) !== 0
        ? [hostname]
        : (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return false;
  }
  return addresses.length > 0 && addresses.every((address) => refusedRange(address) !== null);
}

/** Whether the assistant answers for this caller, and the first reason it does not. */
export async function assistantStatus(
  settings: AssistantSettings,
  principal: Principal,
): Promise<AssistantStatus> {
  const provider = providerSettings(principal.partner.data);
  const configured = Boolean(settings.baseUrl && settings.model);
  let reason: AssistantStatus['reason'] = null;
  if (!configured) reason = 'not_configured';
  else if (!provider.enabled) reason = 'not_enabled';
  else if (provider.policy === 'local_only' && !(await isLocalEndpoint(settings.baseUrl!)))
    reason = 'endpoint_not_local';
  return {
    available: reason === null,
    reason,
    enabled: provider.enabled,
    policy: provider.policy,
    model: configured ? settings.model! : null,
    idle_time_limit_seconds: settings.idleSeconds,
    warning_offset_seconds: settings.warningSeconds,
  };
}

/** Why the assistant does not answer, in words for the 409 a question gets. */
export const UNAVAILABLE: Record<NonNullable<AssistantStatus['reason']>, string> = {
  not_configured: 'The assistant is not configured on this server.',
  not_enabled: 'Your provider has not switched the assistant on.',
  endpoint_not_local:
    "The assistant's model endpoint is not local, and your provider allows local endpoints only.",
};
