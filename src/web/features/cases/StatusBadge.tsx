import { statusColour } from '../../../common/statuses.ts';
import { ColourBadge } from '../../components/ColourBadge.tsx';
import { useStatusLabel } from './use-status-label.ts';

/** A case status in the colours alerts use (spec 1, section 4.7) and its translated label. */
export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <ColourBadge colour={statusColour(status)} data={{ 'data-status': status }}>
      {label(status)}
    </ColourBadge>
  );
}
