import { statusColour } from '../../../common/statuses.ts';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import { useStatusLabel } from './use-status-label.ts';

/** Status colours (spec 1, section 4.7) as badge tones; unknown statuses are grey. */
const TONES: Record<ReturnType<typeof statusColour>, BadgeTone> = {
  green: 'success',
  white: 'neutral',
  yellow: 'warning',
  red: 'danger',
  grey: 'neutral',
  blue: 'info',
};

/** A status in its colour and translated label. */
export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Badge tone={TONES[statusColour(status)]}>{label(status)}</Badge>;
}
