import { useTranslation } from 'react-i18next';

/** The translated label of an alert or case status; an unknown status shows as it is. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation('cases');
  return (status: string) => {
    switch (status) {
      case 'new':
        return t('status.new');
      case 'open':
        return t('status.open');
      case 'acknowledged':
        return t('status.acknowledged');
      case 'escalated':
        return t('status.escalated');
      case 'deferred':
        return t('status.deferred');
      case 'reopened':
        return t('status.reopened');
      case 'closed':
        return t('status.closed');
      case 'false_positive':
        return t('status.false_positive');
      case 'accepted_risk':
        return t('status.accepted_risk');
      case 'preview':
        return t('status.preview');
      case 'muted':
        return t('status.muted');
      default:
        return status;
    }
  };
}
