import { useTranslation } from 'react-i18next';

export interface SelectionBarProps {
  selectedCount: number;
  allMatching: boolean;
  filteredCount: number;
  /** Whether every row of the current page is selected: then "select all N matching" is offered. */
  pageAllSelected: boolean;
  onSelectAllMatching(): void;
  onClear(): void;
  onUpdate(): void;
  onExport(): void;
}

/** What is selected and what can be done with it (keys: u update, e export, Esc clear). */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation('alerts');
  const { selectedCount, allMatching, filteredCount, pageAllSelected } = props;
  const count = allMatching ? filteredCount : selectedCount;
  return (
    <div className="alerts-selection" aria-live="polite">
      {count > 0 ? (
        <span className="alerts-selection__count">
          {allMatching ? t('selection.allMatching', { count }) : t('selection.count', { count })}
        </span>
      ) : (
        <span className="muted">{t('selection.hint')}</span>
      )}
      {!allMatching && pageAllSelected && filteredCount > selectedCount && (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={props.onSelectAllMatching}
        >
          {t('selection.selectAllMatching', { count: filteredCount })}
        </button>
      )}
      {count > 0 && (
        <>
          <button type="button" className="button button--small button--primary" onClick={props.onUpdate}>
            {allMatching ? t('selection.updateAll', { count }) : t('selection.update', { count })}
            <kbd className="kbd">u</kbd>
          </button>
          <button type="button" className="button button--small button--ghost" onClick={props.onClear}>
            {t('selection.clear')}
            <kbd className="kbd">Esc</kbd>
          </button>
        </>
      )}
      <button
        type="button"
        className="button button--small button--ghost alerts-selection__export"
        onClick={props.onExport}
      >
        {count > 0
          ? t('selection.exportSelected', { count })
          : t('selection.exportAll', { count: filteredCount })}
        <kbd className="kbd">e</kbd>
      </button>
    </div>
  );
}
