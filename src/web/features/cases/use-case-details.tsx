import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { DetailItem } from '../../components/table/RowDetails.tsx';
import type { CaseSummary } from './api.ts';

/** What a case's row shows when its details open: description, creation and expected risk. */
export function useCaseDetails() {
  const { t } = useTranslation('cases');
  return useCallback(
    (item: CaseSummary): DetailItem[] => [
      { label: t('form.description'), value: item.description.trim() || '–' },
      { label: t('detail.created'), value: <Timestamp iso={item.created_at} /> },
      {
        label: t('form.riskRange'),
        value:
          item.risk_score_min === null && item.risk_score_max === null
            ? '–'
            : `${item.risk_score_min ?? 0}–${item.risk_score_max ?? 100}`,
      },
    ],
    [t],
  );
}
