import type { Handlers } from '../../platform/handler.ts';
import {
  getDashboardAlertsOverTime,
  getDashboardAlertTypes,
  getDashboardOpenAlerts,
} from './alert-charts.ts';
import { getDashboardHealth } from './health.ts';
import { getDashboardIngest } from './ingest.ts';
import { getDashboardResponseTimes } from './response-times.ts';

/**
 * The dashboard (spec 2, section 7 and issue 10): agent health, ingest volume and the alert
 * charts, each an aggregate over the caller's (asked) customers.
 */
export const dashboardHandlers: Handlers<
  | 'getDashboardHealth'
  | 'getDashboardIngest'
  | 'getDashboardAlertsOverTime'
  | 'getDashboardOpenAlerts'
  | 'getDashboardResponseTimes'
  | 'getDashboardAlertTypes'
> = {
  getDashboardHealth,
  getDashboardIngest,
  getDashboardAlertsOverTime,
  getDashboardOpenAlerts,
  getDashboardResponseTimes,
  getDashboardAlertTypes,
};

export { REBUILD_ROLLUPS_JOB, rebuildRollups, rebuildTargets } from './rebuild.ts';
