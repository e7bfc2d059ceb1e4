import type { components } from '../../src/api/schema.d.ts';

type Alert = components['schemas']['Alert'];

/** An alert as GET /api/alerts/v1/alerts/{id} answers it: a new, high, editable EDR alert, with what a test changes. */
export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 42,
    customer_id: '00000000-0000-4000-8000-00000000ac01',
    case_id: null,
    title: 'Suspicious PowerShell',
    type: 'edr',
    status: 'new',
    priority: 'high',
    risk_score: 70,
    classification: null,
    assigned_users: [],
    host_name: 'ACME-WS-01',
    host_os: 'windows-11',
    log_level: null,
    external_source: null,
    agent_id: null,
    '@timestamp': '2025-06-01T08:00:00.000Z',
    updated_at: '2025-06-01T08:00:00.000Z',
    version: 3,
    allowed_transitions: ['open', 'acknowledged', 'closed', 'false_positive'],
    can_edit: true,
    confidence: null,
    detections_count: 1,
    entity: { host: 'ACME-WS-01', ip: null, process: null, user: null },
    entity_id: null,
    agent: null,
    fields: {},
    file: null,
    merged_into: null,
    sender: null,
    severity: null,
    url: null,
    ...overrides,
  };
}
