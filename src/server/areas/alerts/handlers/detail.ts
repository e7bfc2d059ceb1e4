import { and, asc, eq } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import { detections, integrationMappings, integrations } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { publicSettings } from '../../../platform/integration-settings.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { listActivity, presentActivity, recordNote, recordView } from '../activity.ts';
import { alertDetail, loadAlert } from '../load.ts';

export const getAlert: Handler<'getAlert'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const row = await loadAlert(tx, principal, request.params.id);
    if (!request.query.skip_viewed) await recordView(tx, principal, row.id, row.customerId);
    return alertDetail(tx, principal, row);
  });
};

export const listAlertDetections: Handler<'listAlertDetections'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const rows = await tx
      .select()
      .from(detections)
      .where(eq(detections.alertId, alert.id))
      .orderBy(asc(detections.detectedAt), asc(detections.id))
      .limit(request.query.batch_size ?? 100)
      .offset(request.query.offset ?? 0);
    return {
      detections: rows.map((d) => ({
        id: d.id,
        alert_id: d.alertId,
        name: d.name,
        source: d.source,
        severity: d.severity,
        technique: d.technique,
        fields: d.fields,
        detected_at: d.detectedAt.toISOString(),
      })),
    };
  });
};

export const getAlertIntegration: Handler<'getAlertIntegration'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const [integration] = alert.integrationId
      ? await tx
          .select({
            id: integrations.id,
            kind: integrations.kind,
            name: integrations.name,
            releaseStatus: integrations.releaseStatus,
            settings: integrations.settings,
            createdAt: integrations.createdAt,
          })
          .from(integrations)
          .where(eq(integrations.id, alert.integrationId))
      : [];
    if (!integration) throw notFound(`The integration of alert ${alert.id}`);
    return {
      id: integration.id,
      kind: integration.kind,
      name: integration.name,
      release_status: integration.releaseStatus,
      settings: publicSettings(integration.kind, integration.settings),
      created_at: integration.createdAt.toISOString(),
    };
  });
};

export const getAlertMappings: Handler<'getAlertMappings'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    if (!alert.integrationId) return { mappings: [] };
    const rows = await tx
      .select()
      .from(integrationMappings)
      .where(
        and(
          eq(integrationMappings.integrationId, alert.integrationId),
          eq(integrationMappings.customerId, alert.customerId),
        ),
      )
      .orderBy(asc(integrationMappings.id));
    return {
      mappings: rows.map((m) => ({
        id: m.id,
        integration_id: m.integrationId,
        customer_id: m.customerId,
        external_id: m.externalId,
        external_name: m.externalName,
      })),
    };
  });
};

export const listAlertActivity: Handler<'listAlertActivity'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const page = { batchSize: request.query.batch_size ?? 100, offset: request.query.offset ?? 0 };
    return { activity: await listActivity(tx, principal, alert.id, page) };
  });
};

export const createAlertActivity: Handler<'createAlertActivity'> = async (request, reply) => {
  const principal = principalOf(request);
  const comment = request.body.comment;
  if (comment.trim() === '') throw badRequest('body.comment', 'must not be blank');
  const entry = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const written = await recordNote(tx, principal, {
      alertId: alert.id,
      customerId: alert.customerId,
      action: 'note',
      comment,
    });
    await audit(tx, principal, {
      action: 'create',
      entity: 'alert_activity',
      entityId: String(written.id),
      customerId: alert.customerId,
      after: { alert_id: alert.id, action: 'note', comment },
    });
    return written;
  });
  reply.code(201);
  return presentActivity(entry, principal.user.email);
};
