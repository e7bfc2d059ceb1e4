import type { AlertSummary } from '../../src/web/features/alerts/types.ts';

/** An alert summary as the list receives it, with the given fields. */
export function alert(fields: Partial<AlertSummary> & { id: number }): AlertSummary {
  return {
    customer_id: 'acme',
    case_id: null,
    title: `Alert ${fields.id}`,
    type: 'malware',
    status: 'new',
    priority: 'medium',
    risk_score: 50,
    classification: null,
    assigned_users: [],
    host_name: null,
    host_os: null,
    log_level: null,
    external_source: null,
    agent_id: null,
    '@timestamp': '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
}
