import { currentUserId, inScope, samePartner } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  deleteReportBranding,
  getReportBranding,
  getReportBrandingLogo,
  listReportAzureGroups,
  setReportBranding,
} from './branding.ts';
import { getReportData, previewReport } from './data-handlers.ts';
import {
  deleteReportSchedule,
  getReportRunPdf,
  listReportRuns,
  listReportSchedules,
  scheduleReport,
  sendReport,
} from './delivery.ts';
import { createReport, deleteReport, getReport, listReports, updateReport } from './handlers.ts';
import { REPORTS_JOBS, REPORTS_SCHEDULES } from './jobs.ts';

/**
 * Reports (spec 2, sections 2, 3, 6, 7 "Reports"; issue 25): documents of text and data sections,
 * rendered to PDF on the server, branded, scheduled and mailed.
 */
export const reportHandlers: Handlers<
  | 'listReports'
  | 'createReport'
  | 'getReport'
  | 'updateReport'
  | 'deleteReport'
  | 'getReportData'
  | 'previewReport'
  | 'listReportSchedules'
  | 'scheduleReport'
  | 'deleteReportSchedule'
  | 'sendReport'
  | 'listReportRuns'
  | 'getReportRunPdf'
  | 'getReportBranding'
  | 'setReportBranding'
  | 'deleteReportBranding'
  | 'getReportBrandingLogo'
  | 'listReportAzureGroups'
> = {
  listReports,
  createReport,
  getReport,
  updateReport,
  deleteReport,
  getReportData,
  previewReport,
  listReportSchedules,
  scheduleReport,
  deleteReportSchedule,
  sendReport,
  listReportRuns,
  getReportRunPdf,
  getReportBranding,
  setReportBranding,
  deleteReportBranding,
  getReportBrandingLogo,
  listReportAzureGroups,
};

export { purgeExpiredReports, startDueSchedules } from './jobs.ts';
export { renderReportPdf } from './render/pdf.ts';
export { RENDER_REPORT_JOB } from './runs.ts';

export const reportsArea = defineArea({
  name: 'reports',
  handlers: reportHandlers,
  jobs: REPORTS_JOBS,
  schedules: REPORTS_SCHEDULES,
  tables: ['reports', 'report_schedules', 'report_runs', 'report_branding'],
  tenantPolicies: {
    // Spec 2, section 6, as saved searches: private to the owner, customer to users of that customer, global to the organisation.
    reports: `${samePartner} and (owner_id = ${currentUserId} or scope = 'global' or (scope = 'customer' and ${inScope}))`,
    report_schedules: inScope,
    report_runs: inScope,
    // The provider's branding (no customer) is read by all its users; a customer's by those who see the customer.
    report_branding: `${samePartner} and (customer_id is null or ${inScope})`,
  },
});

/** A customer's time zone is checked as a schedule's is, and a change moves its schedules. */
export { checkedTimeZone } from './cadence.ts';
export { retimeSchedules, zoneOf } from './customer-zone.ts';
/** The demo seed checks its report as the API checks one. */
export { checkedDocument, type ReportInput } from './document.ts';
