import { RowDetailsToggle } from './RowDetails.tsx';

export interface RowSelectCellProps {
  /** The cell's class (the list's own check-column class). */
  className: string;
  selected: boolean;
  /** 'Select alert #12': the checkbox's accessible name. */
  selectLabel: string;
  onSelect(): void;
  /** The row's details toggle: whether they are open, the id of their element, the row's name. */
  details: { open: boolean; controls: string; name: string; onToggle(): void };
}

/** A list row's first cell: its selection checkbox and its details toggle (keys x and d do the same). */
export function RowSelectCell({ className, selected, selectLabel, onSelect, details }: RowSelectCellProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
    <span role="gridcell" tabIndex={-1} className={className}>
      <input type="checkbox" tabIndex={-1} checked={selected} aria-label={selectLabel} onChange={onSelect} />
      <RowDetailsToggle {...details} />
    </span>
  );
}

/** The class list of a list row in its states. */
export function listRowClass(
  base: string,
  state: { selected: boolean; focused: boolean; open: boolean },
): string {
  return `${base} list-row${state.selected ? ' is-selected' : ''}${state.focused ? ' is-focused' : ''}${state.open ? ' has-details' : ''}`;
}
