import type { alerts } from '../../../db/schema/index.ts';

type AlertRow = typeof alerts.$inferSelect;

/** What an alert trigger hands its tasks (`{{trigger.alert.…}}`, `{{trigger.customer.…}}`). */
export function alertTriggerData(
  alert: AlertRow,
  customer: { id: string; name: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    alert: {
      id: alert.id,
      title: alert.title,
      type: alert.type,
      priority: alert.priority,
      status: alert.status,
      risk_score: alert.riskScore,
      severity: alert.severity,
      host_name: alert.hostName,
      host_os: alert.hostOs,
      agent_id: alert.agentId,
      entity_id: alert.entityId,
      external_source: alert.externalSource,
      fields: alert.fields ?? {},
    },
    customer,
    ...extra,
  };
}

/** Whether an alert passes a workflow's trigger filter: every list given holds its value, risk within bounds. */
export function passesFilter(filter: Record<string, unknown>, alert: AlertRow): boolean {
  const f = filter as {
    types?: string[];
    priorities?: string[];
    statuses?: string[];
    min_risk?: number;
    max_risk?: number;
  };
  if (f.types?.length && !f.types.includes(alert.type)) return false;
  if (f.priorities?.length && !f.priorities.includes(alert.priority)) return false;
  if (f.statuses?.length && !f.statuses.includes(alert.status)) return false;
  if (f.min_risk !== undefined && alert.riskScore < f.min_risk) return false;
  if (f.max_risk !== undefined && alert.riskScore > f.max_risk) return false;
  return true;
}
