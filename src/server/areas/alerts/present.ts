import type { components } from '../../../api/schema.d.ts';
import { allowedTargets } from '../../../common/transitions.ts';
import { alerts } from '../../db/schema/index.ts';
import { entitySummary, fileSummary, senderSummary, urlSummary } from './summaries.ts';

type Schemas = components['schemas'];
export type AlertRow = typeof alerts.$inferSelect;

/** Columns the list needs: everything but the raw data, which can be large. */
export const summaryColumns = {
  id: alerts.id,
  customerId: alerts.customerId,
  caseId: alerts.caseId,
  title: alerts.title,
  type: alerts.type,
  status: alerts.status,
  priority: alerts.priority,
  riskScore: alerts.riskScore,
  classification: alerts.classification,
  assignedUsers: alerts.assignedUsers,
  hostName: alerts.hostName,
  hostOs: alerts.hostOs,
  logLevel: alerts.logLevel,
  externalSource: alerts.externalSource,
  agentId: alerts.agentId,
  createdAt: alerts.createdAt,
  updatedAt: alerts.updatedAt,
  version: alerts.version,
};

export type AlertSummaryRow = Pick<AlertRow, keyof typeof summaryColumns>;

export function presentAlertSummary(a: AlertSummaryRow): Schemas['AlertSummary'] {
  return {
    id: a.id,
    customer_id: a.customerId,
    case_id: a.caseId,
    title: a.title,
    type: a.type,
    status: a.status,
    priority: a.priority,
    risk_score: a.riskScore,
    classification: a.classification,
    assigned_users: a.assignedUsers,
    host_name: a.hostName,
    host_os: a.hostOs,
    log_level: a.logLevel,
    external_source: a.externalSource,
    agent_id: a.agentId,
    '@timestamp': a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    version: a.version,
  };
}

/** The detail shape: summary, raw data, derived summaries and what the caller may do next. */
export function presentAlert(
  a: AlertRow,
  extra: { detectionsCount: number; canEdit: boolean; agent: Schemas['AlertAgent'] | null },
): Schemas['Alert'] {
  const fields = a.fields ?? {};
  return {
    ...presentAlertSummary(a),
    severity: a.severity,
    confidence: a.confidence,
    entity_id: a.entityId,
    fields,
    merged_into: a.mergedInto,
    detections_count: extra.detectionsCount,
    allowed_transitions: [...allowedTargets(a.status)],
    can_edit: extra.canEdit,
    entity: entitySummary(a.hostName, fields),
    agent: extra.agent,
    file: fileSummary(fields),
    sender: senderSummary(fields),
    url: urlSummary(fields),
  };
}
