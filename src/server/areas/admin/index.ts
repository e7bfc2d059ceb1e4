import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { exportAuditLog, listAuditKinds, listAuditLog } from './audit-log.ts';
import { getDatabaseStatus } from './database.ts';
import { getJob, listJobs, rebuildDashboardRollups, retryJob } from './jobs.ts';
import { listOutbox } from './outbox.ts';
import { getMdrSupport, listSupportCustomers, listSupportPartners } from './support.ts';

/**
 * Administration: the provider's audit log, mail outbox and background jobs (administrators of
 * the provider only), the database's replica lag, and the support look-ups of spec 2, section 7.
 */
export const adminHandlers: Handlers<
  | 'listAuditLog'
  | 'exportAuditLog'
  | 'listAuditKinds'
  | 'listOutbox'
  | 'listJobs'
  | 'retryJob'
  | 'getJob'
  | 'rebuildDashboardRollups'
  | 'listSupportCustomers'
  | 'listSupportPartners'
  | 'getMdrSupport'
  | 'getDatabaseStatus'
> = {
  listAuditLog,
  exportAuditLog,
  listAuditKinds,
  listOutbox,
  listJobs,
  retryJob,
  getJob,
  rebuildDashboardRollups,
  listSupportCustomers,
  listSupportPartners,
  getMdrSupport,
  getDatabaseStatus,
};

export const adminArea = defineArea({
  name: 'admin',
  handlers: adminHandlers,
});
