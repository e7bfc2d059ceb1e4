import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { rerunAlertWorkflows, runAlertAction } from './handlers/actions.ts';
import { createAlert, createTestAlert, mergeAlerts } from './handlers/create.ts';
import {
  createAlertActivity,
  getAlert,
  getAlertIntegration,
  getAlertMappings,
  listAlertActivity,
  listAlertDetections,
} from './handlers/detail.ts';
import {
  deleteAlertDiscussion,
  listAlertDiscussions,
  postAlertDiscussion,
  updateAlertDiscussion,
} from './handlers/discussions.ts';
import { aggregateAlerts, listAlertRules, listAlerts } from './handlers/list.ts';
import { bulkUpdateAlerts, updateAlert } from './handlers/update.ts';
import { ALERTS_JOBS, ALERTS_SCHEDULES } from './jobs.ts';

type AlertOperation =
  | 'listAlerts'
  | 'aggregateAlerts'
  | 'listAlertRules'
  | 'getAlert'
  | 'listAlertDetections'
  | 'getAlertIntegration'
  | 'getAlertMappings'
  | 'listAlertActivity'
  | 'createAlertActivity'
  | 'updateAlert'
  | 'bulkUpdateAlerts'
  | 'createAlert'
  | 'createTestAlert'
  | 'mergeAlerts'
  | 'listAlertDiscussions'
  | 'postAlertDiscussion'
  | 'updateAlertDiscussion'
  | 'deleteAlertDiscussion'
  | 'runAlertAction'
  | 'rerunAlertWorkflows';

/** Every alerts operation (spec 2, section 7 "Alerts") but countAlerts, which lives with the other counts. */
export const alertHandlers: Handlers<AlertOperation> = {
  listAlerts,
  aggregateAlerts,
  listAlertRules,
  getAlert,
  listAlertDetections,
  getAlertIntegration,
  getAlertMappings,
  listAlertActivity,
  createAlertActivity,
  updateAlert,
  bulkUpdateAlerts,
  createAlert,
  createTestAlert,
  mergeAlerts,
  listAlertDiscussions,
  postAlertDiscussion,
  updateAlertDiscussion,
  deleteAlertDiscussion,
  runAlertAction,
  rerunAlertWorkflows,
};

/** Other areas' events on an alert (escalation attempts) go to its activity. */
export { recordActivity } from './activity.ts';
/** A change made later in a person's name (workflow tasks): the same checks, activity and audit. */
export { changeAlertAsAsked, type HeldAlerts } from './asked-change.ts';
/** The one path that stores a new alert (mutes apply): other areas' detections go through it. */
export { createAlertRecord, type NewAlert } from './create.ts';

/** The list's exact-count cap, which the benchmark compares against. */
export { TOTAL_CAP } from './handlers/list.ts';

/** E-mail notifications of alert events (profile preferences), sent by the alert-notifications job. */
export { NOTIFICATION_JOB, sendAlertNotifications } from './notifications.ts';

export const alertsArea = defineArea({
  name: 'alerts',
  handlers: alertHandlers,
  jobs: ALERTS_JOBS,
  schedules: ALERTS_SCHEDULES,
  tables: [
    'alerts',
    'alert_activity',
    'alert_notification_queue',
    'detections',
    'alert_rules',
    'alert_requests',
  ],
  tenantPolicies: {
    alerts: inScope,
    alert_activity: inScope,
    // Pending alert e-mail notifications: written by request work for its own customers only.
    alert_notification_queue: inScope,
    detections: inScope,
    alert_rules: inScope,
    alert_requests: inScope,
  },
});
