import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { assignAlerts, unassignAlert } from '../alerts.ts';
import { caseDetail, loadCase } from '../present.ts';

/** Adding alerts to a case and taking them out (spec 2, section 2: "assign or unassign alerts"). */
export const assignCaseAlerts: Handler<'assignCaseAlerts'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const target = await loadCase(tx, principal, request.params.id, true);
    await assignAlerts(tx, principal, target, request.body.alert_ids, 'body.alert_ids');
    return caseDetail(tx, principal, target.id);
  });
};

export const unassignCaseAlert: Handler<'unassignCaseAlert'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const target = await loadCase(tx, principal, request.params.id, true);
    await unassignAlert(tx, principal, target, request.params.alert_id);
    return caseDetail(tx, principal, target.id);
  });
};
