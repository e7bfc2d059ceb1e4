import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../components/Badge.tsx';
import type { JobState, OutboxStatus } from './api.ts';

const TONES: Record<JobState | OutboxStatus, BadgeTone> = {
  queued: 'info',
  running: 'accent',
  sent: 'success',
  done: 'success',
  failed: 'danger',
};

/** The state of a message or job, in words and colour. */
export function StateBadge({ state }: { state: JobState | OutboxStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[state]}>{t(`states.${state}`)}</Badge>;
}
