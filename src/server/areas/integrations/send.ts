import { eq } from 'drizzle-orm';
import type { OutboundSettings } from '../../config.ts';
import { integrations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { guardedFetch, OutboundError } from '../../platform/outbound/index.ts';
import { kindOf, type OutboundMessage, type OutboundRequest } from './kinds/index.ts';
import { openSecrets, secretBoxOf } from './secrets.ts';
import { IntegrationSendError } from './send-error.ts';

export { IntegrationSendError };

export interface SendOptions {
  outbound: OutboundSettings;
  /** WATCHFLOOR_SECRETS_KEY, when configured. */
  secretsKey?: string | undefined;
  timeoutMs?: number;
}

/** Makes one request through the outbound guard; a non-2xx answer is a failure naming its status. */
export async function deliver(request: OutboundRequest, options: SendOptions): Promise<{ status: number }> {
  let response: Response;
  try {
    response = await guardedFetch(
      request.url,
      { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' },
      { settings: options.outbound, timeoutMs: options.timeoutMs ?? 15_000, maxBytes: 64 * 1024 },
    );
  } catch (error) {
    // The host only: a webhook's address carries its credential.
    if (error instanceof OutboundError)
      throw new IntegrationSendError(
        error.failure === 'refused' ? 'refused' : 'failed',
        `${new URL(request.url).host} ${error.reason}`,
      );
    throw new IntegrationSendError(
      'failed',
      `${new URL(request.url).host} did not answer: ${(error as Error).message}`,
    );
  }
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299)
    throw new IntegrationSendError('failed', `${new URL(request.url).host} answered ${response.status}`);
  return { status: response.status };
}

/**
 * Sends a message through an outbound integration (Slack, Microsoft Teams, PagerDuty, HTTP):
 * the kind builds the request, the outbound guard makes it. `tx` must see the integration (a
 * transaction scoped to its provider, as workflows' steps run). Only validated integrations send.
 */
export async function sendThroughIntegration(
  tx: Db,
  integrationId: string,
  message: OutboundMessage,
  options: SendOptions,
): Promise<{ status: number }> {
  const [row] = await tx.select().from(integrations).where(eq(integrations.id, integrationId));
  if (!row) throw new IntegrationSendError('not_found', `Integration ${integrationId} was not found.`);
  const kind = kindOf(row.kind);
  if (!kind?.request) throw new IntegrationSendError('not_outbound', `${row.name} does not send messages.`);
  if (!row.validatedAt)
    throw new IntegrationSendError(
      'not_validated',
      `${row.name} must be validated before it sends messages.`,
    );
  const box = await secretBoxOf(tx, options.secretsKey);
  const context = {
    settings: row.settings as Record<string, string>,
    secrets: openSecrets(box, row.secrets, row.id),
  };
  return deliver(kind.request(context, message), options);
}
