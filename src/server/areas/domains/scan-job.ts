import { eq, inArray, sql } from 'drizzle-orm';
import { monitoredDomains } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/types.ts';
import { DnsClient } from './resolver.ts';
import { type ScanDeps, scanDomain } from './scan.ts';
import { lookalikeSettings } from './settings.ts';

/** One scan of one domain, queued when it is added or switched back on. */
export const DOMAIN_SCAN_JOB = 'scan-domain';
/**
 * A lookalike's state changes only on a second observation in a row (state.ts): after a new
 * domain's first scan lists what resolves as pending, a confirming scan this much later makes
 * them registered (and alerts), rather than the next 4-hourly scan.
 */
export const CONFIRM_AFTER_MS = 15 * 60_000;
/** A resolver that is down now is often up a minute later; three tries before the screen says failed. */
export const DOMAIN_SCAN_ATTEMPTS = 3;

/** Where a domain's own scan stands, as the screen shows it (null: none asked for since the last). */
export type ScanStatus = 'queued' | 'scanning' | 'failed' | null;

export function scanStatusOf(row: {
  scanRequestedAt: Date | null;
  scanStartedAt: Date | null;
  scanError: string | null;
}): ScanStatus {
  if (!row.scanRequestedAt) return null;
  if (row.scanError) return 'failed';
  return row.scanStartedAt ? 'scanning' : 'queued';
}

/** Marks the domains' scans as asked for, in the caller's transaction (the screen shows "queued" at once). */
export async function markScanRequested(tx: Db, uids: readonly string[]): Promise<void> {
  if (!uids.length) return;
  await tx
    .update(monitoredDomains)
    .set({ scanRequestedAt: sql`now()`, scanStartedAt: null, scanError: null })
    .where(inArray(monitoredDomains.uid, [...uids]));
}

/**
 * Queues each domain's scan on the system connection, once the caller's transaction has committed
 * (the jobs table is not the caller's to write). One pending scan per domain.
 */
export async function enqueueDomainScans(db: Db, uids: readonly string[]): Promise<void> {
  for (const uid of uids) await enqueueJob(db, DOMAIN_SCAN_JOB, { domain_uid: uid }, { singletonKey: uid });
}

const defaultDeps = (): ScanDeps => {
  const settings = lookalikeSettings();
  return { dns: new DnsClient(settings.resolver), settings };
};

/**
 * The scan-domain job: every fuzzer's candidates of one domain resolved and stored, so its first
 * lookalikes appear without waiting for the 4-hourly schedule. The last failed attempt leaves
 * its error on the domain for the screen.
 */
export function domainScanJob(deps: () => ScanDeps = defaultDeps): JobKind {
  return {
    maxAttempts: DOMAIN_SCAN_ATTEMPTS,
    run: async ({ db, job, log }) => {
      const uid = String(job.payload.domain_uid);
      const [domain] = await db.select().from(monitoredDomains).where(eq(monitoredDomains.uid, uid));
      if (!domain) return;
      if (job.payload.confirm === true) {
        // The confirming scan: quietly, the screen's scan status is the first scan's.
        if (domain.active) await scanDomain(db, domain, deps());
        return;
      }
      const done = { scanRequestedAt: null, scanStartedAt: null, scanError: null };
      if (!domain.active) {
        await db.update(monitoredDomains).set(done).where(eq(monitoredDomains.uid, uid));
        return;
      }
      await db
        .update(monitoredDomains)
        .set({ scanStartedAt: sql`now()`, scanError: null })
        .where(eq(monitoredDomains.uid, uid));
      try {
        const result = await scanDomain(db, domain, deps());
        await db.update(monitoredDomains).set(done).where(eq(monitoredDomains.uid, uid));
        if (!domain.lastScannedAt && result.registered > 0)
          await enqueueJob(
            db,
            DOMAIN_SCAN_JOB,
            { domain_uid: uid, confirm: true },
            { singletonKey: `${uid}:confirm`, runAt: new Date(Date.now() + CONFIRM_AFTER_MS) },
          );
        log.info(
          `${DOMAIN_SCAN_JOB}: ${domain.name}: ${result.candidates} candidates, ${result.registered} registered`,
        );
      } catch (error) {
        const message = (error as Error).message;
        if (job.attempts >= DOMAIN_SCAN_ATTEMPTS) {
          await db
            .update(monitoredDomains)
            .set({ scanStartedAt: null, scanError: message.slice(0, 500) })
            .where(eq(monitoredDomains.uid, uid));
          log.warn(`${DOMAIN_SCAN_JOB}: ${domain.name}: failed after ${job.attempts} attempts: ${message}`);
          return;
        }
        throw error;
      }
    },
  };
}
