import { and, desc, eq } from 'drizzle-orm';
import { alerts, threatSightings } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handler, ResultOf } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { ownIndicatorCustomers, verdicts } from './bulk.ts';
import type { IndicatorKind } from './feeds/entry.ts';

type Sighting = ResultOf<'listThreatSightings'>['sightings'][number];

/**
 * GET /threat/sightings: one alert's (alert_id) or one value's (kind and value), newest first,
 * each with the store's verdict as the caller is told it. Row-level security keeps them to the
 * caller's reach; an alert the caller cannot see is a 404, as everywhere.
 */
export const listThreatSightings: Handler<'listThreatSightings'> = async (request) => {
  const { alert_id: alertId, kind, value, limit = 50 } = request.query;
  if (alertId === undefined && (kind === undefined || value === undefined))
    throw badRequest('alert_id', 'or kind and value are required: say whose sightings to list');
  if (alertId !== undefined && (kind !== undefined || value !== undefined))
    throw badRequest('alert_id', 'cannot be combined with kind and value');
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    if (alertId !== undefined) {
      const [alert] = await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(eq(alerts.id, alertId), inIds(alerts.customerId, principal.scope.customerIds)));
      if (!alert) throw notFound(`Alert ${alertId}`);
    }
    const where =
      alertId !== undefined
        ? and(eq(threatSightings.alertId, alertId), eq(threatSightings.context, 'alert'))
        : and(
            eq(threatSightings.kind, kind!),
            eq(threatSightings.value, kind === 'ip' ? value! : value!.toLowerCase()),
          );
    const rows = await tx
      .select()
      .from(threatSightings)
      .where(where)
      .orderBy(desc(threatSightings.seenAt), threatSightings.field)
      .limit(limit);
    const lookups = [
      ...new Map(
        rows.map((r) => [`${r.kind} ${r.value}`, { kind: r.kind as IndicatorKind, value: r.value }]),
      ).values(),
    ];
    const found = await verdicts(tx, ownIndicatorCustomers(principal), lookups);
    const sightings = rows.map((r): Sighting => {
      const v = found.get(`${r.kind} ${r.value}`);
      return {
        kind: r.kind as Sighting['kind'],
        value: r.value,
        context: r.context as Sighting['context'],
        seen_at: r.seenAt.toISOString(),
        customer_id: r.customerId,
        alert_id: r.alertId,
        field: r.field,
        det: v?.det ?? 'U',
        risk: v?.risk ?? 0,
        source: v?.source ?? null,
        malware_group: v?.malware_group ?? null,
        threat_categories: v?.threat_categories ?? [],
      };
    });
    return { sightings };
  });
};
