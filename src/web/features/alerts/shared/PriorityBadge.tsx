import { priorityColour } from '../../../../common/statuses.ts';
import { useLabels } from './use-labels.ts';

/** A priority in its colour: critical red, high orange, medium yellow, low green, else grey. */
export function PriorityBadge({ priority }: { priority: string }) {
  const labels = useLabels();
  return (
    <span className={`badge alert-badge alert-badge--${priorityColour(priority)}`} data-priority={priority}>
      {labels.priority(priority)}
    </span>
  );
}
