import { queueAlertWorkflowEvents } from '../../../platform/alert-events.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { type ActionType, queueActionFromAlert, requireAgentControl } from '../../agents/index.ts';
import { actionParameters, isEndpointAction, queueAlertRequest } from '../actions.ts';
import { loadAlert } from '../load.ts';

export const runAlertAction: Handler<'runAlertAction'> = async (request, reply) => {
  const principal = principalOf(request);
  const { id, action } = request.params;
  // The operation's rule is "change alerts"; an endpoint action (a path parameter) acts on the
  // alert's agent as well, so it also needs what acting on agents needs: checked here.
  if (isEndpointAction(action)) requireAgentControl(principal, 'act on agents');
  const queued = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, id);
    const parameters = actionParameters(alert, action, request.body ?? {});
    if (!isEndpointAction(action))
      return queueAlertRequest(tx, principal, alert, { kind: 'identity_action', action, parameters });
    // actionParameters refused an endpoint action on an alert without an agent.
    const agentId = alert.agentId!;
    const agentAction = await queueActionFromAlert(
      tx,
      principal,
      { id: alert.id, agentId },
      action as ActionType,
      parameters,
    );
    return queueAlertRequest(
      tx,
      principal,
      alert,
      {
        kind: 'device_action',
        action,
        parameters: { ...parameters, agent_id: agentId, agent_action_id: agentAction.actionId },
      },
      { activity: false },
    );
  });
  reply.code(201);
  return queued;
};

export const rerunAlertWorkflows: Handler<'rerunAlertWorkflows'> = async (request, reply) => {
  const principal = principalOf(request);
  const queued = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    // The workflows run again with the request: those that ran on the alert, and those its creation triggers now.
    await queueAlertWorkflowEvents(tx, [{ alertId: alert.id, event: 'alert_rerun' }]);
    return queueAlertRequest(tx, principal, alert, {
      kind: 'workflow_rerun',
      action: 'rerun',
      parameters: {},
    });
  });
  reply.code(202);
  return { request_id: queued.id, status: 'queued' };
};
