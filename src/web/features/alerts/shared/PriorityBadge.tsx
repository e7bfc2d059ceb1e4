import { priorityColour } from '../../../../common/statuses.ts';
import { ColourBadge } from '../../../components/ColourBadge.tsx';
import { useLabels } from './use-labels.ts';

/** A priority in its colour: critical red, high orange, medium yellow, low green, else grey. */
export function PriorityBadge({ priority }: { priority: string }) {
  const labels = useLabels();
  return (
    <ColourBadge colour={priorityColour(priority)} data={{ 'data-priority': priority }}>
      {labels.priority(priority)}
    </ColourBadge>
  );
}
