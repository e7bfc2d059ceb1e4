import type { Report } from '../../src/web/features/reports/api.ts';
import { ACME } from './cases-fakes.ts';

/** Acme's quarterly review, as the reports API answers it; `changes` set what a test is about. */
export function reportRecord(changes: Partial<Report> = {}): Report {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Quarterly review',
    description: null,
    scope: 'customer',
    customer_id: ACME,
    saved_search_id: null,
    target: 'month',
    start_date: null,
    end_date: null,
    retention_days: 90,
    document: { components: [{ type: 'section', section: 'kpis' }] },
    version: 4,
    owner_id: '00000000-0000-4000-8000-0000000000b1',
    mine: true,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...changes,
  };
}
