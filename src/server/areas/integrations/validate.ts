import type { OutboundSettings } from '../../config.ts';
import type { FieldIssue } from '../../errors.ts';
import { ApiError } from '../../errors.ts';
import { checkOutboundUrl } from '../../platform/outbound/index.ts';
import type { IntegrationKind } from './kinds/index.ts';
import { deliver } from './send.ts';
import { IntegrationSendError } from './send-error.ts';
import { applySettings } from './settings.ts';

export const INVALID_SETTINGS = 'Unable to validate instance settings';
export const HOSTS_FAILED = 'One or more hosts failed to connect';

export interface Validation {
  valid: boolean;
  message: string | null;
  issues: FieldIssue[];
}

const hostsFailed = (error: IntegrationSendError): Validation => ({
  valid: false,
  message: HOSTS_FAILED,
  issues: [{ field: 'connection', reason: error.message }],
});

/**
 * Validates saved settings: every field and the kind's own checks, then for an outbound kind the
 * connection, through the outbound guard (an inbound kind's own test; a test message, or for PagerDuty only the address,
 * since a test event would page someone).
 */
export async function validateSettings(
  kind: IntegrationKind,
  stored: { settings: Record<string, unknown>; secrets: Record<string, string> },
  outbound: OutboundSettings,
): Promise<Validation> {
  let context: { settings: Record<string, string>; secrets: Record<string, string> };
  try {
    context = applySettings(kind, stored, {});
  } catch (error) {
    if (error instanceof ApiError && error.details)
      return { valid: false, message: INVALID_SETTINGS, issues: error.details };
    throw error;
  }
  if (kind.testConnection) {
    try {
      await kind.testConnection(context, { outbound });
    } catch (error) {
      if (error instanceof IntegrationSendError) return hostsFailed(error);
      throw error;
    }
    return { valid: true, message: null, issues: [] };
  }
  if (!kind.request) return { valid: true, message: null, issues: [] };
  const request = kind.request(context, {
    title: 'Watchfloor connection test',
    text: 'This integration is connected.',
    severity: 'info',
  });
  try {
    if (kind.testBySending) await deliver(request, { outbound, timeoutMs: 10_000 });
    else {
      const verdict = await checkOutboundUrl(request.url, { settings: outbound });
      if (!verdict.ok)
        throw new IntegrationSendError('refused', `${new URL(request.url).host} ${verdict.reason}`);
    }
  } catch (error) {
    if (error instanceof IntegrationSendError) return hostsFailed(error);
    throw error;
  }
  return { valid: true, message: null, issues: [] };
}
