import { and, eq, isNotNull } from 'drizzle-orm';
import {
  integrationMappings,
  integrationPullCursors,
  integrationPulledAlerts,
  integrations,
} from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { DEFENDER_KIND } from '../kinds/defender.ts';
import { openSecrets, secretBoxOf } from '../secrets.ts';
import { raiseAlert, raiserOf } from '../webhook-in.ts';
import { alertFromGraph, type GraphAlert } from './alerts.ts';
import { GraphClient, type GraphOptions, type GraphSettings } from './client.ts';

/** How far back the first pull of a tenant looks. */
const FIRST_LOOK_BACK_MS = 24 * 3600 * 1000;

export interface PullOptions extends GraphOptions {
  secretsKey?: string | undefined;
  now?: Date;
}

export interface PullOutcome {
  raised: number;
  /** Seen before (dedupe by Graph's alert id). */
  repeated: number;
  /** Named another tenant than the one asked: dropped, never raised for this customer. */
  foreign: number;
  errors: string[];
}

/** An integration's settings and opened credentials (system connection: jobs have no caller). */
export async function graphInstance(db: Db, integrationId: string, secretsKey: string | undefined) {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, integrationId));
  if (!row || row.kind !== DEFENDER_KIND) return null;
  const box = await secretBoxOf(db, secretsKey);
  const { secrets: _sealed, ...visible } = row;
  return {
    row: visible,
    settings: row.settings as unknown as GraphSettings,
    secret: openSecrets(box, row.secrets, row.id).client_secret ?? '',
  };
}

/** Claims a Graph alert id for this integration; false when it was raised before. */
async function firstSeen(db: Db, integrationId: string, externalAlertId: string): Promise<boolean> {
  const rows = await db
    .insert(integrationPulledAlerts)
    .values({ integrationId, externalAlertId })
    .onConflictDoNothing()
    .returning({ id: integrationPulledAlerts.externalAlertId });
  return rows.length > 0;
}

const claimOf = (integrationId: string, externalAlertId: string) =>
  and(
    eq(integrationPulledAlerts.integrationId, integrationId),
    eq(integrationPulledAlerts.externalAlertId, externalAlertId),
  );

/**
 * Pulls one Defender XDR instance: for each mapped tenant, the security alerts (alerts_v2) changed
 * since the tenant's cursor, every page, each new one raised through the one alert path as the
 * person who configured the instance, with their reach as it is now. An alert naming another
 * tenant than the one asked is dropped. What failed is written on the instance (and cleared by a
 * pull that works); the other tenants are pulled all the same.
 */
export async function pullDefenderAlerts(
  db: Db,
  integrationId: string,
  options: PullOptions,
): Promise<PullOutcome> {
  const outcome: PullOutcome = { raised: 0, repeated: 0, foreign: 0, errors: [] };
  const instance = await graphInstance(db, integrationId, options.secretsKey);
  if (!instance?.row.validatedAt) return outcome;
  const now = options.now ?? new Date();
  const mappings = await db
    .select()
    .from(integrationMappings)
    .where(eq(integrationMappings.integrationId, integrationId))
    .orderBy(integrationMappings.id);
  for (const mapping of mappings) {
    const tenant = mapping.externalId;
    try {
      const principal = await raiserOf(db, instance.row, mapping.customerId);
      const [stored] = await db
        .select({ cursor: integrationPullCursors.cursor })
        .from(integrationPullCursors)
        .where(
          and(
            eq(integrationPullCursors.integrationId, integrationId),
            eq(integrationPullCursors.externalId, tenant),
          ),
        );
      const since = stored?.cursor ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS);
      let latest = since;
      const client = new GraphClient(instance.settings, instance.secret, tenant, options);
      const filter = encodeURIComponent(`lastUpdateDateTime ge ${since.toISOString()}`);
      for await (const page of client.pages<GraphAlert>(
        `/v1.0/security/alerts_v2?$filter=${filter}&$top=200`,
      )) {
        for (const alert of page) {
          if (typeof alert.id !== 'string' || alert.id === '') continue;
          if (alert.tenantId && alert.tenantId.toLowerCase() !== tenant.toLowerCase()) {
            outcome.foreign++;
            continue;
          }
          const updated = alert.lastUpdateDateTime ? new Date(alert.lastUpdateDateTime) : null;
          if (updated && !Number.isNaN(updated.getTime()) && updated > latest) latest = updated;
          if (!(await firstSeen(db, integrationId, alert.id))) {
            outcome.repeated++;
            continue;
          }
          try {
            const raised = await raiseAlert(
              db,
              principal,
              alertFromGraph(alert, integrationId, mapping.customerId),
            );
            await db
              .update(integrationPulledAlerts)
              .set({ alertId: raised.id })
              .where(claimOf(integrationId, alert.id));
            outcome.raised++;
          } catch (error) {
            // Not raised: the next pull may raise it.
            await db.delete(integrationPulledAlerts).where(claimOf(integrationId, alert.id));
            throw error;
          }
        }
      }
      await db
        .insert(integrationPullCursors)
        .values({ integrationId, externalId: tenant, cursor: latest })
        .onConflictDoUpdate({
          target: [integrationPullCursors.integrationId, integrationPullCursors.externalId],
          set: { cursor: latest },
        });
    } catch (error) {
      outcome.errors.push(`${tenant}: ${(error as Error).message}`);
    }
  }
  await db
    .update(integrations)
    .set(
      outcome.errors.length === 0
        ? { pulledAt: now, pullError: null, pullErrorAt: null }
        : { pullError: outcome.errors.join('; ').slice(0, 2000), pullErrorAt: now },
    )
    .where(eq(integrations.id, integrationId));
  return outcome;
}

/** Validated Defender XDR instances whose poll interval has passed since their last pull or failure. */
export async function instancesDue(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({
      id: integrations.id,
      settings: integrations.settings,
      pulledAt: integrations.pulledAt,
      failedAt: integrations.pullErrorAt,
    })
    .from(integrations)
    .where(and(eq(integrations.kind, DEFENDER_KIND), isNotNull(integrations.validatedAt)));
  return rows
    .filter((row) => {
      const interval = Number(row.settings.poll_interval_seconds ?? 300) * 1000;
      const last = Math.max(row.pulledAt?.getTime() ?? 0, row.failedAt?.getTime() ?? 0);
      return now.getTime() - last >= interval - 5000;
    })
    .map((row) => row.id);
}
