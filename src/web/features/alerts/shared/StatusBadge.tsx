import { useTranslation } from 'react-i18next';
import { statusColour } from '../../../../common/statuses.ts';
import { ColourBadge } from '../../../components/ColourBadge.tsx';
import { ClockIcon } from './ClockIcon.tsx';
import { useLabels } from './use-labels.ts';

/** An alert status in its colour (spec 1, section 4.7); preview gets a clock and a tooltip. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  const preview = status === 'preview';
  return (
    <ColourBadge
      colour={statusColour(status)}
      title={preview ? t('inPreview') : undefined}
      data={{ 'data-status': status }}
    >
      {preview && <ClockIcon />}
      {labels.status(status)}
    </ColourBadge>
  );
}
