import { useTranslation } from 'react-i18next';

/** The words of one agent report tab's states: empty, failed to load, retry. */
export function useReportLabels(report: 'issues' | 'logins' | 'inventory' | 'diagnostics') {
  const { t } = useTranslation('agents');
  return { empty: t(`reports.${report}.empty`), loadFailed: t('reports.loadFailed'), retry: t('retry') };
}
