import type { AreaRules } from './types.ts';

/** Administration: audit, dashboards' rollups, jobs. */
export const ADMINISTRATION_RULES: AreaRules = {
  getMdrSupport: { expect: 'filtered' },
  listAuditLog: { expect: 'filtered' },
  exportAuditLog: { expect: 'filtered' },
  rebuildDashboardRollups: { body: (ids) => ({ customer_id: ids.customer }) },
  getJob: { path: (ids) => ({ id: ids.job }) },
  retryJob: { path: (ids) => ({ id: ids.job }), control: { status: 409 } },
};
