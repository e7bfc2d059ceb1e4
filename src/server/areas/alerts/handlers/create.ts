import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { createAlertRecord } from '../create.ts';
import { alertDetail } from '../load.ts';
import { mergeAlertRecords } from '../merge.ts';

/** What a test alert says about itself, so nobody mistakes it for a real detection. */
const TEST_ALERT_MESSAGE =
  'This is a test alert created from the console to check that alerts reach this customer, its notifications and workflows. It needs no action; close it when done.';

export const createAlert: Handler<'createAlert'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  const alert = await asCaller(request, async (tx) => {
    const row = await createAlertRecord(tx, principal, {
      customerId: body.customer_id,
      title: body.title,
      type: body.type,
      priority: body.priority,
      riskScore: body.risk_score,
      severity: body.severity,
      confidence: body.confidence,
      entityId: body.entity_id,
      hostName: body.host_name,
      hostOs: body.host_os,
      logLevel: body.log_level,
      externalSource: body.external_source,
      agentId: body.agent_id,
      fields: body.fields,
    });
    return alertDetail(tx, principal, row);
  });
  reply.code(201);
  return alert;
};

export const createTestAlert: Handler<'createTestAlert'> = async (request, reply) => {
  const principal = principalOf(request);
  const alert = await asCaller(request, async (tx) => {
    const row = await createAlertRecord(tx, principal, {
      customerId: request.body.customer_id,
      title: 'Test alert',
      type: 'test',
      priority: 'low',
      externalSource: 'Watchfloor test',
      fields: { test: true, message: TEST_ALERT_MESSAGE, requested_by: principal.user.email },
    });
    return alertDetail(tx, principal, row);
  });
  reply.code(201);
  return alert;
};

export const mergeAlerts: Handler<'mergeAlerts'> = async (request) => {
  const principal = principalOf(request);
  const { target_id: targetId, source_ids: sourceIds, comment } = request.body;
  return asCaller(request, async (tx) => {
    const target = await mergeAlertRecords(tx, principal, targetId, sourceIds, comment);
    return alertDetail(tx, principal, target);
  });
};
