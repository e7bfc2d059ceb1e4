import { actionParameters, isEndpointAction, queueAlertRequest } from '../alerts/actions.ts';
import { loadAlert } from '../alerts/load.ts';
import { requireAlertWriter } from '../alerts/permissions.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

export const alertActionHandlers: Handlers<'runAlertAction' | 'rerunAlertWorkflows'> = {
  async runAlertAction(request, reply) {
    const principal = principalOf(request);
    requireAlertWriter(principal);
    const { id, action } = request.params;
    const queued = await asCaller(request, async (tx) => {
      const alert = await loadAlert(tx, principal, id);
      const parameters = actionParameters(alert, action, request.body ?? {});
      const kind = isEndpointAction(action) ? 'device_action' : 'identity_action';
      return queueAlertRequest(tx, principal, alert, { kind, action, parameters });
    });
    reply.code(201);
    return queued;
  },

  async rerunAlertWorkflows(request, reply) {
    const principal = principalOf(request);
    requireAlertWriter(principal);
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
  },
};
