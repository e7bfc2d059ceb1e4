import { useCallback } from 'react';
import type { DetailItem } from '../../../components/table/RowDetails.tsx';
import { useLabels } from '../shared/use-labels.ts';
import type { AlertSummary } from '../types.ts';

/** Fields an alert's row shows when its details open, whichever columns are visible. */
const DETAIL_FIELDS = [
  'type',
  'classification',
  'risk_score',
  'case_id',
  'host_name',
  'host_os',
  'log_level',
  'external_source',
  'assigned_users',
] as const;

/** What an alert's row shows when its details open: its fields beyond the title line. */
export function useAlertDetails() {
  const labels = useLabels();
  return useCallback(
    (alert: AlertSummary): DetailItem[] =>
      DETAIL_FIELDS.map((field) => {
        const value =
          field === 'classification'
            ? labels.classification(alert.classification)
            : field === 'assigned_users'
              ? alert.assigned_users.join(', ')
              : alert[field];
        return { label: labels.column(field), value: value === null || value === '' ? '–' : String(value) };
      }),
    [labels],
  );
}
