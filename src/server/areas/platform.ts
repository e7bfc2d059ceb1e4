import { vacuumAnalyze } from '../db/maintenance.ts';
import { currentUserId, inScope, isGlobal, samePartner, scopeIds } from '../db/policies.ts';
import { MAIL_JOBS, MAIL_SCHEDULES } from '../mail/jobs.ts';
import { defineArea } from './area.ts';

/**
 * What belongs to no area: the organisation and the people who sign in (auth/, idp/), the audit
 * log, the mail outbox and the job queue, and database upkeep. Listed beside the areas
 * (areas/index.ts), derived into the job runner and row-level security the same way.
 */
export const PLATFORM = defineArea({
  name: 'platform',
  jobs: {
    ...MAIL_JOBS,
    'vacuum-analyze': async ({ db, log }) => {
      const started = performance.now();
      await vacuumAnalyze(db);
      log.info(`vacuum-analyze: done in ${Math.round(performance.now() - started)} ms`);
    },
  },
  schedules: [
    ...MAIL_SCHEDULES,
    // The embedded database (PGlite) has no autovacuum: without this, planner statistics go stale
    // and counts stop using index-only scans as alerts come and change. Nightly, when the console
    // is quietest, since PGlite answers nothing else while it runs.
    { kind: 'vacuum-analyze', cron: '17 3 * * *', only: 'pglite' },
  ],
  tables: [
    'partners',
    'users',
    'user_identities',
    'user_invitations',
    'sessions',
    'auth_epoch',
    'sign_in_attempts',
    'idp_store',
    'server_settings',
    'audit_log',
    'mail_outbox',
    'jobs',
  ],
  tenantPolicies: {
    partners: samePartner,
    // Customer users also see the provider's staff (names on comments and activity), never other customers' users.
    users: `${samePartner} and (${isGlobal} or role_level = 'Global' or contact_id = ${currentUserId} or valid_customer_ids && ${scopeIds})`,
    audit_log: `${samePartner} and (customer_id is null or ${inScope})`,
    sessions: `user_id = ${currentUserId}`,
  },
});
