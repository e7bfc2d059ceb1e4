import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import jsonata from 'jsonata';
import type { Principal } from '../../auth/principal.ts';
import { reachOver } from '../../auth/reach-now.ts';
import {
  integrationHostMappings,
  integrationMappings,
  integrationWebhookReceipts,
} from '../../db/schema/index.ts';
import { withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, unauthorized } from '../../errors.ts';
import { createAlertRecord, type NewAlert } from '../alerts/index.ts';
import type { IntegrationRow } from './present.ts';

export const REPLAY_WINDOW_SECONDS = 300;
export const SIGNATURE_HEADER = 'X-Watchfloor-Signature';
export const TIMESTAMP_HEADER = 'X-Watchfloor-Timestamp';
const PRIORITIES = new Set(['critical', 'high', 'medium', 'low', 'info']);

/** The signature a sender computes: HMAC-SHA256 over `<timestamp>.<body>`, hex, after `sha256=`. */
export function signDelivery(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Checks a delivery's signature and age: 401 when missing, wrong, or outside the replay window.
 * Answers the signature, which the caller records so the same delivery is accepted once.
 */
export function verifyDelivery(
  secret: string | undefined,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now = Date.now(),
): string {
  const { timestamp, signature } = headers;
  if (!secret) throw unauthorized('This webhook has no signing secret yet.');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature)
    throw unauthorized(`Sign the delivery: ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER} (or Authorization).`);
  if (Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS)
    throw unauthorized(`The delivery's timestamp is outside the ${REPLAY_WINDOW_SECONDS}-second window.`);
  const expected = Buffer.from(signDelivery(secret, timestamp, body));
  const given = Buffer.from(signature.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw unauthorized('The delivery signature does not match.');
  return signature.trim();
}

/** Records an accepted signature (system connection); false when it was already accepted: a replay. */
export async function firstDelivery(db: Db, integrationId: string, signature: string): Promise<boolean> {
  const rows = await db
    .insert(integrationWebhookReceipts)
    .values({ integrationId, signature })
    .onConflictDoNothing()
    .returning({ signature: integrationWebhookReceipts.signature });
  return rows.length > 0;
}

/** Forgets a receipt, so a delivery that raised nothing may be sent again. */
export async function forgetDelivery(db: Db, integrationId: string, signature: string): Promise<void> {
  await db
    .delete(integrationWebhookReceipts)
    .where(
      and(
        eq(integrationWebhookReceipts.integrationId, integrationId),
        eq(integrationWebhookReceipts.signature, signature),
      ),
    );
}

/** Receipts older than the window can no longer be replayed (a stale timestamp is refused anyway). */
export async function expireReceipts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(integrationWebhookReceipts)
    .where(
      lt(integrationWebhookReceipts.receivedAt, new Date(now.getTime() - 2 * REPLAY_WINDOW_SECONDS * 1000)),
    )
    .returning({ id: integrationWebhookReceipts.integrationId });
  return gone.length;
}

const compiled = new Map<string, ReturnType<typeof jsonata>>();

/** A compiled expression, kept while the settings use it (a few per instance). */
function expression(text: string): ReturnType<typeof jsonata> {
  let found = compiled.get(text);
  if (!found) {
    if (compiled.size > 500) compiled.clear();
    found = jsonata(text);
    compiled.set(text, found);
  }
  return found;
}

const unprocessable = (message: string) => new ApiError(422, 'unprocessable', message);

async function evaluate(text: string, payload: unknown, what: string): Promise<unknown> {
  try {
    return await expression(text).evaluate(payload);
  } catch (error) {
    throw unprocessable(`The ${what} expression failed on this payload: ${(error as Error).message}`);
  }
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim().slice(0, max)
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** The payload as an alert, by the instance's mapping; 422 naming what is missing. */
export async function mapPayload(mapping: string, payload: unknown): Promise<Omit<NewAlert, 'customerId'>> {
  const result = await evaluate(mapping, payload, 'mapping');
  if (!result || typeof result !== 'object' || Array.isArray(result))
    throw unprocessable('The mapping must give an object with a title.');
  const alert = result as Record<string, unknown>;
  const title = text(alert.title, 500);
  if (!title) throw unprocessable('The mapping gave no title for this payload.');
  const priority = text(alert.priority, 20)?.toLowerCase();
  const fields =
    alert.fields && typeof alert.fields === 'object' && !Array.isArray(alert.fields) ? alert.fields : {};
  return {
    title,
    type: text(alert.type, 100) ?? 'webhook',
    priority: priority && PRIORITIES.has(priority) ? priority : undefined,
    hostName: text(alert.host_name, 253),
    severity: text(alert.severity, 50),
    externalSource: text(alert.external_source, 200),
    fields: fields as Record<string, unknown>,
  };
}

/** The customer the payload belongs to: its tenant's mapping, else its host's; 422 when neither is mapped. */
export async function customerOf(
  db: Db,
  row: IntegrationRow,
  payload: unknown,
  hostName: string | undefined,
): Promise<{ customerId: string; externalId: string | null }> {
  const tenant = text(await evaluate(String(row.settings.tenant ?? 'tenant'), payload, 'tenant'), 200);
  if (tenant) {
    const [mapped] = await db
      .select({ customerId: integrationMappings.customerId })
      .from(integrationMappings)
      .where(and(eq(integrationMappings.integrationId, row.id), eq(integrationMappings.externalId, tenant)));
    if (mapped) return { customerId: mapped.customerId, externalId: tenant };
  }
  if (hostName) {
    const [mapped] = await db
      .select({ customerId: integrationHostMappings.customerId })
      .from(integrationHostMappings)
      .where(
        and(
          eq(integrationHostMappings.integrationId, row.id),
          eq(integrationHostMappings.hostName, hostName.toLowerCase()),
        ),
      );
    if (mapped) return { customerId: mapped.customerId, externalId: null };
  }
  throw unprocessable(
    tenant
      ? `The tenant ${tenant} is not mapped to a customer.`
      : 'The payload names no tenant and no mapped host.',
  );
}

/** Who raises the integration's alerts: the person who configured it, as they are now, over that customer. */
export async function raiserOf(db: Db, row: IntegrationRow, customerId: string): Promise<Principal> {
  if (!row.createdBy) throw unprocessable('Nobody who configured this integration can raise its alerts.');
  const reach = await reachOver(db, { userId: row.createdBy, partnerId: row.partnerId }, [customerId]);
  if ('refused' in reach)
    throw unprocessable(
      'The person who configured this integration can no longer raise alerts for this customer.',
    );
  return reach.principal;
}

/** Raises the alert through the one alert path (mutes, rollups, notifications and workflows apply). */
export async function raiseAlert(db: Db, principal: Principal, alert: NewAlert) {
  return withScope(db, principal.scope, (tx) => createAlertRecord(tx, principal, alert));
}
