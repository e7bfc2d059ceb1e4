import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/api/validate.ts';
import type { Report } from '../../../src/web/features/reports/api.ts';
import { recipientsProblem } from '../../../src/web/features/reports/delivery-form.ts';
import {
  ADD_CHOICES,
  componentOf,
  draftOf,
  inputOf,
  moved,
  removed,
} from '../../../src/web/features/reports/draft.ts';

const REPORT: Report = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Quarterly review',
  description: null,
  scope: 'customer',
  customer_id: '00000000-0000-4000-8000-000000000002',
  saved_search_id: null,
  target: 'month',
  start_date: null,
  end_date: null,
  retention_days: 90,
  document: {
    components: [
      { type: 'header', text: 'Quarterly review' },
      { type: 'section', section: 'kpis', title: 'Figures', limit: 5 },
      { type: 'page_break' },
    ],
  },
  version: 3,
  owner_id: '00000000-0000-4000-8000-000000000003',
  mine: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('the report builder draft', () => {
  it('sends back what it opened, unchanged, and passes the contract', () => {
    const input = inputOf(draftOf(REPORT));
    expect(input).toEqual({
      name: 'Quarterly review',
      description: null,
      scope: 'customer',
      customer_id: REPORT.customer_id,
      saved_search_id: null,
      target: 'month',
      start_date: null,
      end_date: null,
      retention_days: 90,
      document: { components: REPORT.document.components },
    });
    expect(validate('ReportInput', input)).toEqual({});
  });

  it('offers every part and data section, each a valid component', () => {
    expect(ADD_CHOICES).toContain('rule');
    expect(ADD_CHOICES).toContain('section:breach_lookups');
    const draft = { ...draftOf(REPORT), components: ADD_CHOICES.map(componentOf) };
    expect(validate('ReportInput', inputOf(draft))).toEqual({});
  });

  it('moves a part up and down, not past either end, and removes one', () => {
    const keys = ['a', 'b', 'c'];
    expect(moved(keys, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(keys, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(keys, 0, -1)).toEqual(keys);
    expect(moved(keys, 2, 1)).toEqual(keys);
    expect(removed(keys, 1)).toEqual(['a', 'c']);
  });

  it('leaves a typed retention that is not a whole number for the contract to refuse', () => {
    const input = inputOf({ ...draftOf(REPORT), retentionDays: 'soon' });
    expect(validate('ReportInput', input).retention_days).toBeDefined();
  });

  it('drops the customer of a report that is no longer a customer one', () => {
    expect(inputOf({ ...draftOf(REPORT), scope: 'private' }).customer_id).toBeNull();
  });
});

describe('report recipients', () => {
  it('asks for at least one valid address', () => {
    expect(recipientsProblem('')).toEqual({ kind: 'none' });
    expect(recipientsProblem('a@example.com, nope')).toEqual({ kind: 'invalid', address: 'nope' });
    expect(recipientsProblem('a@example.com; b@example.org')).toBeNull();
  });
});
