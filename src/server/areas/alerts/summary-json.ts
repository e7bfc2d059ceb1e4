import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { alerts } from '../../db/schema/index.ts';

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it (to_char truncates, as isoTimestamp does). */
const iso = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An AlertSummary as JSON text, written by PostgreSQL. The list answers pages of up to 10 000
 * alerts: reading 18 columns a row into objects only to serialise them again costs more than the
 * query. Presents exactly what presentAlertSummary does (tests/server/alerts/list.ts compares them).
 */
export const alertSummaryJson: SQL<string> = sql<string>`json_build_object(
  'id', ${alerts.id},
  'customer_id', ${alerts.customerId},
  'case_id', ${alerts.caseId},
  'title', ${alerts.title},
  'type', ${alerts.type},
  'status', ${alerts.status},
  'priority', ${alerts.priority},
  'risk_score', ${alerts.riskScore},
  'classification', ${alerts.classification},
  'assigned_users', ${alerts.assignedUsers},
  'host_name', ${alerts.hostName},
  'host_os', ${alerts.hostOs},
  'log_level', ${alerts.logLevel},
  'external_source', ${alerts.externalSource},
  'agent_id', ${alerts.agentId},
  '@timestamp', ${iso(alerts.createdAt)},
  'updated_at', ${iso(alerts.updatedAt)},
  'version', ${alerts.version}
)::text`;
