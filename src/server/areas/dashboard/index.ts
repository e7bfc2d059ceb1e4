import { inScope } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  getDashboardAlertsOverTime,
  getDashboardAlertTypes,
  getDashboardOpenAlerts,
} from './alert-charts.ts';
import { getDashboardHealth } from './health.ts';
import { getDashboardIngest } from './ingest.ts';
import { DASHBOARD_JOBS } from './jobs.ts';
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
/** The median and p90 of a response-time histogram (reports read the same rollups over their period). */
export { histogramQuantile } from './response-times.ts';

export const dashboardArea = defineArea({
  name: 'dashboard',
  handlers: dashboardHandlers,
  jobs: DASHBOARD_JOBS,
  tables: ['alert_rollup_hourly', 'alert_rollup_daily', 'alert_status_counts', 'alert_response_rollup'],
  tenantPolicies: {
    // The dashboard's rollups, kept by triggers on alerts in the writer's transaction.
    alert_rollup_hourly: inScope,
    alert_rollup_daily: inScope,
    alert_status_counts: inScope,
    alert_response_rollup: inScope,
  },
});
