import type { Handler } from '../../../platform/handler.ts';
import { requireModify } from '../../../platform/permissions.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { actionParameters, isEndpointAction, queueAlertRequest } from '../actions.ts';
import { loadAlert } from '../load.ts';

export const runAlertAction: Handler<'runAlertAction'> = async (request, reply) => {
  const principal = principalOf(request);
  requireModify(principal, 'change alerts');
  const { id, action } = request.params;
  const queued = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, id);
    const parameters = actionParameters(alert, action, request.body ?? {});
    const kind = isEndpointAction(action) ? 'device_action' : 'identity_action';
    return queueAlertRequest(tx, principal, alert, { kind, action, parameters });
  });
  reply.code(201);
  return queued;
};

export const rerunAlertWorkflows: Handler<'rerunAlertWorkflows'> = async (request, reply) => {
  const principal = principalOf(request);
  requireModify(principal, 'change alerts');
  const queued = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    return queueAlertRequest(tx, principal, alert, {
      kind: 'workflow_rerun',
      action: 'rerun',
      parameters: {},
    });
  });
  reply.code(202);
  return { request_id: queued.id, status: 'queued' };
};
