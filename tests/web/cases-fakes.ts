import type { CaseRecord, CaseSummary } from '../../src/web/features/cases/api.ts';

/** Cases as the contract answers them, for the case screens' tests. */
export const ACME = '00000000-0000-4000-8000-00000000ac01';
export const GLOBEX = '00000000-0000-4000-8000-00000000ab02';

export function caseSummary(id: number, overrides: Partial<CaseSummary> = {}): CaseSummary {
  return {
    id,
    customer_id: ACME,
    title: `Suspicious sign-ins ${id}`,
    description: 'Several failed sign-ins followed by a success.',
    status: 'open',
    tags: ['identity'],
    assigned_users: ['analyst@watchfloor.example'],
    risk_score: 70,
    risk_score_min: null,
    risk_score_max: null,
    fields: {},
    alert_count: 2,
    version: 1,
    created_at: '2025-05-01T08:00:00.000Z',
    updated_at: '2025-05-01T09:00:00.000Z',
    ...overrides,
  };
}

export function caseRecord(id: number, overrides: Partial<CaseRecord> = {}): CaseRecord {
  return {
    ...caseSummary(id),
    can_edit: true,
    recent_alerts: [
      {
        id: 501,
        title: 'Impossible travel',
        status: 'open',
        priority: 'high',
        '@timestamp': '2025-05-01T08:30:00.000Z',
        host_name: null,
      },
    ],
    ...overrides,
  };
}
