import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Alerts. */
export const ALERTS_RULES: AreaRules = {
  rerunAlertWorkflows: { path: (ids) => ({ id: ids.alert }) },
  runAlertAction: { path: (ids) => ({ id: ids.alert, action: 'isolate' }), body: () => ({}) },
  listAlerts: { expect: 'filtered' },
  createAlert: { body: (ids) => ({ customer_id: ids.customer, title: SECRET, type: 'edr' }) },
  createTestAlert: { body: (ids) => ({ customer_id: ids.customer }) },
  getAlert: { path: (ids) => ({ id: ids.alert }) },
  updateAlert: { path: (ids) => ({ id: ids.spareAlert }), body: () => ({ version: 1, status: 'open' }) },
  listAlertDetections: { path: (ids) => ({ id: ids.alert }) },
  listAlertActivity: { path: (ids) => ({ id: ids.alert }) },
  createAlertActivity: {
    path: (ids) => ({ id: ids.alert }),
    body: () => ({ action: 'note', comment: SECRET }),
  },
  // The alert came from no integration (404 to anyone): the reach check is getAlert's.
  getAlertIntegration: { path: (ids) => ({ id: ids.alert }), control: { status: 404 } },
  getAlertMappings: { path: (ids) => ({ id: ids.alert }) },
  listAlertDiscussions: { path: (ids) => ({ id: ids.alert }) },
  postAlertDiscussion: { path: (ids) => ({ id: ids.alert }), body: () => ({ body: SECRET }) },
  updateAlertDiscussion: {
    path: (ids) => ({ id: ids.alert, comment_id: ids.alertComment }),
    body: () => ({ body: SECRET }),
  },
  deleteAlertDiscussion: { path: (ids) => ({ id: ids.alert, comment_id: ids.alertComment }), ends: true },
  listAlertRules: { expect: 'filtered' },
  aggregateAlerts: { path: () => ({ a: 'status', b: 'priority' }), expect: 'filtered' },
  countAlerts: { expect: 'filtered' },
  bulkUpdateAlerts: { body: (ids) => ({ ids: [ids.alert], fields: { priority: 'low' } }), expect: 'each' },
  listAlertWorkflowRuns: { path: (ids) => ({ alert_id: ids.alert }) },
};
