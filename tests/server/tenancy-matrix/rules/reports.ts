import { SECRET } from '../world.ts';
import type { AreaRules, Ids } from './types.ts';

/** A report of the other customer, as a body names it. */
const report = (ids: Ids) => ({
  name: `${SECRET} report`,
  scope: 'customer',
  customer_id: ids.customer,
  document: { components: [] },
});

/** Reports. */
export const REPORTS_RULES: AreaRules = {
  listReportAzureGroups: { expect: 'filtered' },
  listReportSchedules: { expect: 'filtered' },
  scheduleReport: {
    query: (ids) => ({ report_type: ids.report, frequency: 'weekly', recipients: ['soc@globex.test'] }),
  },
  deleteReportSchedule: { query: (ids) => ({ report_type: ids.report }), ends: true },
  sendReport: { query: (ids) => ({ report_type: ids.report, recipients: ['soc@globex.test'] }) },
  listReportRuns: { expect: 'filtered' },
  getReportRunPdf: { path: (ids) => ({ id: ids.reportRun }) },
  createReport: { body: report },
  getReport: { path: (ids) => ({ id: ids.report }) },
  updateReport: {
    path: (ids) => ({ id: ids.report }),
    body: (ids) => ({ ...report(ids), version: ids.reportVersion }),
  },
  deleteReport: { path: (ids) => ({ id: ids.report }), ends: true },
  getReportData: { path: (ids) => ({ id: ids.report }) },
  previewReport: { path: (ids) => ({ id: ids.report }) },
};
