import type { AreaRules } from './types.ts';

/** The dashboard. */
export const DASHBOARD_RULES: AreaRules = {
  getDashboardHealth: { expect: 'filtered' },
  getDashboardIngest: { expect: 'filtered' },
  getDashboardAlertsOverTime: { expect: 'filtered' },
  getDashboardOpenAlerts: { expect: 'filtered' },
  getDashboardResponseTimes: { expect: 'filtered' },
  getDashboardAlertTypes: { expect: 'filtered' },
};
