import { useTranslation } from 'react-i18next';
import { useLabels } from '../shared/use-labels.ts';

/** An escalation entry's `after` (areas/escalations on the server): the event and its details. */
interface EscalationAfter {
  event?: string;
  plan?: string;
  steps?: number;
  step?: number;
  step_name?: string;
  contact?: string;
  method?: string;
  address?: string;
  outcome?: string;
  error?: string;
  by?: string;
  status?: string;
}

/** One escalation attempt or event as a sentence (steps counted from 1, as the editor shows them). */
export function useEscalationText() {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  return (after: unknown): string => {
    const a = (after ?? {}) as EscalationAfter;
    const step = (a.step ?? 0) + 1;
    switch (a.event) {
      case 'started':
        return t('activity.escalation.started', { plan: a.plan ?? '', count: a.steps ?? 0 });
      case 'told':
        return t('activity.escalation.told', {
          step,
          stepName: a.step_name ?? '',
          contact: a.contact ?? '',
          method: t(
            `activity.escalation.methods.${a.method === 'sms' || a.method === 'voice' ? a.method : 'email'}`,
          ),
          address: a.address ?? '',
          outcome:
            a.outcome === 'failed'
              ? t('activity.escalation.failed', { error: a.error ?? '' })
              : t(a.outcome === 'sent' ? 'activity.escalation.sent' : 'activity.escalation.queued'),
        });
      case 'acknowledged':
        return t('activity.escalation.acknowledged', { step, by: a.by ?? a.contact ?? '' });
      case 'stopped':
        return t('activity.escalation.stopped', { status: labels.status(a.status ?? '') });
      default:
        return t('activity.escalation.exhausted');
    }
  };
}
