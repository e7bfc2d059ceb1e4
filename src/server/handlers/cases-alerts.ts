import { assignAlerts, unassignAlert } from '../cases/alerts.ts';
import { requireCaseWriter } from '../cases/permissions.ts';
import { caseDetail, loadCase } from '../cases/present.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

/** Adding alerts to a case and taking them out (spec 2, section 2: "assign or unassign alerts"). */
export const caseAlertHandlers: Handlers<'assignCaseAlerts' | 'unassignCaseAlert'> = {
  async assignCaseAlerts(request) {
    const principal = principalOf(request);
    requireCaseWriter(principal);
    return asCaller(request, async (tx) => {
      const target = await loadCase(tx, principal, request.params.id, true);
      await assignAlerts(tx, principal, target, request.body.alert_ids, 'body.alert_ids');
      return caseDetail(tx, principal, target.id);
    });
  },

  async unassignCaseAlert(request) {
    const principal = principalOf(request);
    requireCaseWriter(principal);
    return asCaller(request, async (tx) => {
      const target = await loadCase(tx, principal, request.params.id, true);
      await unassignAlert(tx, principal, target, request.params.alert_id);
      return caseDetail(tx, principal, target.id);
    });
  },
};
