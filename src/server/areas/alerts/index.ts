import type { Handlers } from '../../platform/handler.ts';
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

/** The one path that stores a new alert (mutes apply): other areas' detections go through it. */
export { createAlertRecord, type NewAlert } from './create.ts';

/** The list's exact-count cap, which the benchmark compares against. */
export { TOTAL_CAP } from './handlers/list.ts';

/** E-mail notifications of alert events (profile preferences), sent by the alert-notifications job. */
export { NOTIFICATION_JOB, sendAlertNotifications } from './notifications.ts';
