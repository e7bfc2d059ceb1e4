import { and, asc, eq } from 'drizzle-orm';
import { customers, integrationMappings, integrations } from '../../../db/schema/index.ts';
import { notFound, unauthorized } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller } from '../../../plugins/auth.ts';
import { openSecrets, secretBoxOf } from '../secrets.ts';
import { loadIntegration, secretsOf } from '../store.ts';
import { syslogToken } from '../syslog-alerts.ts';
import {
  customerOf,
  firstDelivery,
  forgetDelivery,
  mapPayload,
  REPLAY_WINDOW_SECONDS,
  raiseAlert,
  raiserOf,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyDelivery,
} from '../webhook-in.ts';

export const getIntegrationEventBridge: Handler<'getIntegrationEventBridge'> = async (request) => {
  const row = await asCaller(request, (tx) => loadIntegration(tx, request.params.id));
  if (row.kind !== 'webhook') throw notFound(`Event bridge of integration ${row.id}`);
  const secrets = await secretsOf(request, row);
  return {
    endpoint: `${request.server.config.publicUrl}/api/ingest/v1/webhooks/${row.id}`,
    key_name: 'Authorization' as const,
    signature_header: SIGNATURE_HEADER,
    timestamp_header: TIMESTAMP_HEADER,
    replay_window_seconds: REPLAY_WINDOW_SECONDS,
    signing_secret: secrets.signing_secret ? ('set' as const) : ('not set' as const),
  };
};

export const getIntegrationSyslogSetup: Handler<'getIntegrationSyslogSetup'> = async (request) => {
  const { row, mapped } = await asCaller(request, async (tx) => {
    const row = await loadIntegration(tx, request.params.id);
    const mapped = await tx
      .select({ id: integrationMappings.id, customerId: customers.customerId, name: customers.name })
      .from(integrationMappings)
      .innerJoin(customers, eq(customers.customerId, integrationMappings.customerId))
      .where(eq(integrationMappings.integrationId, row.id))
      .orderBy(asc(customers.name));
    return { row, mapped };
  });
  if (row.kind !== 'syslog_cef') throw notFound(`Syslog setup of integration ${row.id}`);
  const key = (await secretsOf(request, row))._syslog_key ?? '';
  return {
    address: new URL(request.server.config.publicUrl).hostname,
    port: request.server.config.syslog.port,
    format: String(row.settings.format ?? 'cef'),
    customers: mapped.map((m) => ({
      customer_id: m.customerId,
      customer_name: m.name,
      token: syslogToken(key, m.id, m.customerId),
    })),
  };
};

/**
 * A signed delivery (no session: the signature is the credential). The instance is read on the
 * system connection; the alert is raised as the person who configured it, within their reach.
 */
export const receiveIntegrationWebhook: Handler<'receiveIntegrationWebhook'> = async (request, reply) => {
  const db = request.server.db;
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, request.params.id), eq(integrations.kind, 'webhook')));
  if (!row) throw notFound(`Webhook ${request.params.id}`);
  const box = await secretBoxOf(db, request.server.config.secretsKey);
  const header = (name: string) => {
    const value = request.headers[name.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  };
  const signature = verifyDelivery(
    openSecrets(box, row.secrets, row.id).signing_secret,
    { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) ?? header('Authorization') },
    request.rawBody ?? '',
  );
  if (!(await firstDelivery(db, row.id, signature)))
    throw unauthorized('This delivery was already accepted: a new one needs a new timestamp and signature.');
  try {
    const payload = request.body;
    const alert = await mapPayload(String(row.settings.mapping ?? ''), payload);
    const { customerId } = await customerOf(db, row, payload, alert.hostName);
    const principal = await raiserOf(db, row, customerId);
    const created = await raiseAlert(db, principal, { ...alert, customerId, integrationId: row.id });
    reply.code(201);
    return { alert_id: created.id, status: created.status };
  } catch (error) {
    // Nothing was raised: the sender may fix its side and send the same delivery again.
    await forgetDelivery(db, row.id, signature);
    throw error;
  }
};
