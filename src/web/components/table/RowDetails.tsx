import { useTranslation } from 'react-i18next';
import { type Fact, Facts } from '../Facts.tsx';
import { Icon } from '../Icon.tsx';

export type DetailItem = Fact;

export interface RowDetailsToggleProps {
  open: boolean;
  /** Id of the row's details, which the button opens and closes. */
  controls: string;
  /** The row's name, for the button's label ("Show details of #12"). */
  name: string;
  onToggle(): void;
}

/**
 * The button that opens and closes a row's details in place (spec 1, section 4.6). Out of the Tab
 * order like the row's other controls: the list's key `d` does the same for the focused row.
 */
export function RowDetailsToggle({ open, controls, name, onToggle }: RowDetailsToggleProps) {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      tabIndex={-1}
      className="icon-button row-details-toggle"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={open ? t('table.hideDetails', { name }) : t('table.showDetails', { name })}
      aria-keyshortcuts="d"
      onClick={(event) => {
        // The row's own click only moves the focus to it.
        event.stopPropagation();
        onToggle();
      }}
    >
      <Icon name="chevron-down" size={14} className={open ? 'row-details-toggle__icon--open' : undefined} />
    </button>
  );
}

/** A row's details under its cells: one cell across every column holding labelled values. */
export function RowDetails({ id, items }: { id: string; items: readonly DetailItem[] }) {
  const { t } = useTranslation('shell');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
    <div role="gridcell" tabIndex={-1} id={id} className="row-details" aria-label={t('table.details')}>
      <Facts items={items} />
    </div>
  );
}
